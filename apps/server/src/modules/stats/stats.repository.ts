import type { Kysely } from 'kysely';
import { toIso, type Database } from '../../db/schema';
import { CountersRepository, songsByGenreOf, USERS_COUNTER } from './counters.repository';

/** How many songs one genre has. */
export interface GenreCount {
  readonly genre: string;
  readonly count: number;
}

/** The size of the site: accounts, songs, and songs by genre (most songs first). */
export interface SiteCounts {
  readonly users: number;
  readonly songs: number;
  readonly songsByGenre: GenreCount[];
}

/** A member as the public may see them: a name and when they joined, never an e-mail. */
export interface MemberRecord {
  readonly name: string;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
}

/**
 * Counts for the landing page and the admin dashboard: read from the kept counters (see
 * CountersRepository), a handful of rows however large the library, never counted.
 */
export class StatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async counts(): Promise<SiteCounts> {
    const counters = await new CountersRepository(this.db).readAll();
    const songsByGenre = [...songsByGenreOf(counters)]
      .filter(([, count]) => count > 0)
      .map(([genre, count]) => ({ genre, count }))
      .sort((a, b) => b.count - a.count || (a.genre < b.genre ? -1 : a.genre > b.genre ? 1 : 0));
    return {
      users: counters.get(USERS_COUNTER) ?? 0,
      songs: songsByGenre.reduce((sum, entry) => sum + entry.count, 0),
      songsByGenre,
    };
  }

  /** The newest members, newest first. */
  async newestMembers(limit: number): Promise<MemberRecord[]> {
    const rows = await this.db
      .selectFrom('users')
      .select(['name', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ name: row.name, createdAt: toIso(row.created_at) }));
  }
}
