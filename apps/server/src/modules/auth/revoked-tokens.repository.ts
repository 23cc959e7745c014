import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Logged-out sessions, kept until their token would have expired anyway. */
export class RevokedTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async revoke(tokenId: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('revoked_tokens')
      .values({ jti: tokenId, expires_at: expiresAt.toISOString() })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
  }

  /**
   * Marks a one-time ticket used, kept like a revoked token until it expires; false when it was
   * used already.
   */
  async useOnce(ticketId: string, expiresAt: Date): Promise<boolean> {
    const result = await this.db
      .insertInto('revoked_tokens')
      .values({ jti: ticketId, expires_at: expiresAt.toISOString() })
      .onConflict((oc) => oc.column('jti').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async isRevoked(tokenId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('revoked_tokens')
      .select('jti')
      .where('jti', '=', tokenId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.db
      .deleteFrom('revoked_tokens')
      .where('expires_at', '<', now.toISOString())
      .execute();
  }
}
