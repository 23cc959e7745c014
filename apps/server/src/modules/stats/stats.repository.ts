import type { Kysely } from 'kysely';
import { toIso, type Database } from '../../db/schema';

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

/** Counts for the landing page and the admin dashboard, read in a few small aggregate queries. */
export class StatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async counts(): Promise<SiteCounts> {
    const [users, songs, genres] = await Promise.all([
      this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('songs')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('songs')
        .select((eb) => ['genre', eb.fn.countAll<number>().as('count')])
        .groupBy('genre')
        .orderBy('count', 'desc')
        .orderBy('genre', 'asc')
        .execute(),
    ]);
    return {
      users: Number(users.count),
      songs: Number(songs.count),
      songsByGenre: genres.map((row) => ({ genre: row.genre, count: Number(row.count) })),
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
