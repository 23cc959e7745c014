import type { Kysely } from 'kysely';
import type { QuickStats } from '@cadenza/contract/stats';
import { toIso, type Database } from '../../db/schema';

export const RECENT_USERS_SHOWN = 5;

/** The public counts of the landing page, read in a few small aggregate queries. */
export class QuickStatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async read(): Promise<QuickStats> {
    const [users, songs, genres, recentUsers] = await Promise.all([
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
      this.db
        .selectFrom('users')
        .select(['name', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(RECENT_USERS_SHOWN)
        .execute(),
    ]);
    return {
      stats: { users: Number(users.count), songs: Number(songs.count) },
      popularGenres: genres.map((row) => ({ _id: row.genre, count: Number(row.count) })),
      recentUsers: recentUsers.map((row) => ({ name: row.name, createdAt: toIso(row.created_at) })),
    };
  }
}
