import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The attempts counted in a key's current window, and when that window ends (epoch ms). */
export interface AttemptCount {
  readonly count: number;
  readonly windowEndsAt: number;
}

/** Login attempts per limit and key, in the database: every node counts in the same rows. */
export class LoginAttemptsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one attempt in one statement: the first of a key, or the first after its window
   * ended, opens a window of `windowMs`; later ones add to it. Concurrent attempts on any node
   * each see their own count.
   */
  async countAttempt(key: string, windowMs: number, now: number): Promise<AttemptCount> {
    const ended = sql<boolean>`login_attempts.window_ends_at <= ${now}`;
    const row = await this.db
      .insertInto('login_attempts')
      .values({ key, count: 1, window_ends_at: now + windowMs })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN ${ended} THEN 1 ELSE login_attempts.count + 1 END`,
          window_ends_at: sql<number>`CASE WHEN ${ended} THEN ${now + windowMs} ELSE login_attempts.window_ends_at END`,
        }),
      )
      .returning(['count', 'window_ends_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), windowEndsAt: Number(row.window_ends_at) };
  }
}
