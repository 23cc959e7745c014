import type { Kysely } from 'kysely';
import type { Role } from '@cadenza/contract/auth';
import type { Database } from '../../db/schema';
import { invitationRecordOf, type InvitationRecord } from './invitation-record';

export interface NewInvitation {
  readonly id: string;
  readonly tokenHash: string;
  readonly email: string | null;
  readonly role: Role;
  readonly createdBy: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

const COLUMNS = ['id', 'email', 'role', 'created_at', 'expires_at'] as const;

export class InvitationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(invitation: NewInvitation): Promise<InvitationRecord> {
    const row = await this.db
      .insertInto('invitations')
      .values({
        id: invitation.id,
        token_hash: invitation.tokenHash,
        email: invitation.email,
        role: invitation.role,
        created_by: invitation.createdBy,
        created_at: invitation.createdAt.toISOString(),
        expires_at: invitation.expiresAt.toISOString(),
        used_at: null,
        used_by: null,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return invitationRecordOf(row);
  }

  /** The invitation of a token while it is unused and unexpired; null otherwise. */
  async findPending(tokenHash: string, now: Date): Promise<InvitationRecord | null> {
    const row = await this.db
      .selectFrom('invitations')
      .select(COLUMNS)
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return row ? invitationRecordOf(row) : null;
  }

  /** Every unused, unexpired invitation, newest first. */
  async listPending(now: Date): Promise<InvitationRecord[]> {
    const rows = await this.db
      .selectFrom('invitations')
      .select(COLUMNS)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(invitationRecordOf);
  }

  /**
   * Marks the invitation of a token used by `userId` and answers it; null when it is not pending.
   * One conditional update, so that two sign-ups with one link cannot both succeed.
   */
  async consume(tokenHash: string, userId: string, now: Date): Promise<InvitationRecord | null> {
    const row = await this.db
      .updateTable('invitations')
      .set({ used_at: now.toISOString(), used_by: userId })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? invitationRecordOf(row) : null;
  }

  /** Deletes an unused invitation; false when there is none with that id. */
  async deleteUnused(id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('invitations')
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
