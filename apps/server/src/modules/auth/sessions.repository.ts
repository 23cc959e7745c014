import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { streamingQualityOf } from '../users/user-record';
import type { SessionFacts } from './session-cache';

/** What a session check reads: its user's facts and whether it was logged out. */
export interface StoredSession extends SessionFacts {
  readonly revoked: boolean;
  readonly disabled: boolean;
}

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's role and token version and the session's revocation, in one indexed read. */
  async find(userId: string, tokenId: string): Promise<StoredSession | null> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => [
        'role',
        'token_version',
        'must_change_password',
        'disabled_at',
        'streaming_quality_limit',
        eb
          .exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', tokenId))
          .as('revoked'),
      ])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    // SQLite answers 0 or 1, PostgreSQL a boolean.
    return {
      role: row.role,
      tokenVersion: row.token_version,
      passwordChangeRequired: Boolean(row.must_change_password),
      streamingQualityLimit: streamingQualityOf(row.streaming_quality_limit),
      revoked: Boolean(row.revoked),
      disabled: row.disabled_at !== null,
    };
  }
}
