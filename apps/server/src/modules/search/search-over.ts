import type { DatabaseHandle } from '../../db/database';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

/**
 * The song search every route uses, over the database's long reads: a search may read many index
 * entries (a common word with a one-letter prefix, say), which on SQLite must not hold the
 * server's thread (decision 052); on PostgreSQL long reads are the pool itself.
 */
export function searchServiceOver(database: Pick<DatabaseHandle, 'longReads' | 'dialect'>) {
  return new SearchService(new SearchRepository(database.longReads, database.dialect));
}
