import type { DatabaseHandle } from '../../db/database';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

/**
 * The song search every route uses. A word search with a word of one or two letters may read many
 * index entries (`the l`), so it runs as a long read, which on SQLite never holds the server's
 * thread (decision 052); the others are bounded and answer sooner on the server's connection,
 * without a worker's round trip. On PostgreSQL long reads are the pool itself.
 */
export function searchServiceOver(database: Pick<DatabaseHandle, 'db' | 'longReads'>) {
  return new SearchService(
    new SearchRepository(database.db),
    new SearchRepository(database.longReads),
  );
}
