import type { Kysely, Selectable } from 'kysely';
import { toIso, type AccountSessionsTable, type Database } from '../../db/schema';

/** A signed-in session as its owner's list shows it. */
export interface AccountSessionRecord {
  readonly id: string;
  readonly userId: string;
  readonly userAgent: string;
  readonly address: string;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
  readonly lastSeenAt: string;
  readonly authenticatedAt: string;
  readonly expiresAt: string;
}

export interface NewAccountSession {
  readonly id: string;
  readonly userId: string;
  readonly userAgent: string;
  readonly address: string;
  readonly at: Date;
  readonly expiresAt: Date;
}

function recordOf(row: Selectable<AccountSessionsTable>): AccountSessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    userAgent: row.user_agent,
    address: row.address,
    createdAt: toIso(row.created_at),
    lastSeenAt: toIso(row.last_seen_at),
    authenticatedAt: toIso(row.authenticated_at),
    expiresAt: toIso(row.expires_at),
  };
}

/** The sessions of each account, with the device they signed in from (decision 074). */
export class AccountSessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(session: NewAccountSession): Promise<void> {
    const at = session.at.toISOString();
    await this.db
      .insertInto('account_sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        user_agent: session.userAgent,
        address: session.address,
        created_at: at,
        last_seen_at: at,
        authenticated_at: at,
        expires_at: session.expiresAt.toISOString(),
      })
      .execute();
  }

  /** The user's unexpired sessions that were not signed out, last seen first. */
  async listOf(userId: string, now: Date): Promise<AccountSessionRecord[]> {
    const rows = await this.live(now)
      .where('user_id', '=', userId)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(recordOf);
  }

  /** One of the user's live sessions; null when they hold none with that id. */
  async findOwn(userId: string, id: string, now: Date): Promise<AccountSessionRecord | null> {
    const row = await this.live(now)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? recordOf(row) : null;
  }

  /** When the password was last proved in the session; null for a session without a row. */
  async authenticatedAt(id: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom('account_sessions')
      .select('authenticated_at')
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? new Date(toIso(row.authenticated_at)) : null;
  }

  /** Unexpired sessions that were not signed out. */
  private live(now: Date) {
    return this.db
      .selectFrom('account_sessions')
      .selectAll()
      .where('expires_at', '>', now.toISOString())
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('revoked_tokens')
              .select('jti')
              .whereRef('revoked_tokens.jti', '=', 'account_sessions.id'),
          ),
        ),
      );
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable('account_sessions')
      .set({ last_seen_at: at.toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** The password was proved again in this session, just now; false when it has no row. */
  async reauthenticated(id: string, at: Date): Promise<boolean> {
    const iso = at.toISOString();
    const result = await this.db
      .updateTable('account_sessions')
      .set({ authenticated_at: iso, last_seen_at: iso })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Every session row of the user but `keepId` (none kept when it is null). */
  async deleteAllOf(userId: string, keepId: string | null = null): Promise<void> {
    let query = this.db.deleteFrom('account_sessions').where('user_id', '=', userId);
    if (keepId !== null) query = query.where('id', '!=', keepId);
    await query.execute();
  }
}
