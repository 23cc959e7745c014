import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface NewEmailChange {
  readonly tokenHash: string;
  readonly userId: string;
  readonly newEmail: string;
  readonly expiresAt: Date;
}

/** A change of e-mail whose confirmation link was just used. */
export interface ConfirmedEmailChange {
  readonly userId: string;
  readonly newEmail: string;
}

/** Requested changes of e-mail address, known by the hash of their link's token. */
export class EmailChangesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(change: NewEmailChange): Promise<void> {
    await this.db
      .insertInto('email_changes')
      .values({
        token_hash: change.tokenHash,
        user_id: change.userId,
        new_email: change.newEmail,
        expires_at: change.expiresAt.toISOString(),
        used_at: null,
      })
      .execute();
  }

  /**
   * Marks an unused, unexpired change as used and answers it; null when there is none. One
   * conditional update, so that two uses of the same link cannot both succeed.
   */
  async consume(tokenHash: string, now: Date): Promise<ConfirmedEmailChange | null> {
    const row = await this.db
      .updateTable('email_changes')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning(['user_id', 'new_email'])
      .executeTakeFirst();
    return row ? { userId: row.user_id, newEmail: row.new_email } : null;
  }

  /** The user's other outstanding links stop working: only the newest request counts. */
  async invalidateForUser(userId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('email_changes')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
