import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface PendingReset {
  readonly userId: string;
}

export class PasswordResetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('password_resets')
      .values({
        token_hash: tokenHash,
        user_id: userId,
        expires_at: expiresAt.toISOString(),
        used_at: null,
      })
      .execute();
  }

  /** Whose the link is while it is unused and unexpired; null otherwise. Changes nothing. */
  async findPending(tokenHash: string, now: Date): Promise<PendingReset | null> {
    const row = await this.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return row ? { userId: row.user_id } : null;
  }

  /**
   * Marks an unused, unexpired reset as used and answers whose it was; null when there is none.
   * One conditional update, so that two concurrent uses of the same link cannot both succeed.
   */
  async consume(tokenHash: string, now: Date): Promise<PendingReset | null> {
    const row = await this.db
      .updateTable('password_resets')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning('user_id')
      .executeTakeFirst();
    return row ? { userId: row.user_id } : null;
  }

  /** Other outstanding links of the user stop working once one of them was used. */
  async invalidateForUser(userId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('password_resets')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
