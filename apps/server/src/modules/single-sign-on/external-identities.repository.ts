import type { Kysely } from 'kysely';
import type { Role } from '@cadenza/contract/auth';
import type { Database } from '../../db/schema';

/** Accounts' subjects at OpenID providers, and the role a provider's claim gives. */
export class ExternalIdentitiesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account linked to a subject of an issuer, if any. */
  async findUserId(issuer: string, subject: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('external_identities')
      .select('user_id')
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  async link(issuer: string, subject: string, userId: string, now: string): Promise<void> {
    await this.db
      .insertInto('external_identities')
      .values({ issuer, subject, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .execute();
  }

  /**
   * Sets the account's role as the provider says; an administrator is made a listener only while
   * another administrator remains. Answers whether the role changed.
   */
  async applyRole(userId: string, role: Role): Promise<boolean> {
    let update = this.db
      .updateTable('users')
      .set({ role })
      .where('id', '=', userId)
      .where('role', '<>', role);
    if (role === 'user') {
      update = update.where((eb) =>
        eb.exists(
          eb
            .selectFrom('users as others')
            .select('others.id')
            .where('others.role', '=', 'admin')
            .where('others.id', '<>', userId),
        ),
      );
    }
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
