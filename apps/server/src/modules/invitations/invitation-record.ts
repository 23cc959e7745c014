import type { Role } from '@cadenza/contract/auth';
import { toIso } from '../../db/schema';

/** A pending sign-up link, as the domain sees it: never its token. */
export interface InvitationRecord {
  readonly id: string;
  /** The only address it admits; null admits any. */
  readonly email: string | null;
  /** The role of the account made with it. */
  readonly role: Role;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
  readonly expiresAt: string;
}

interface InvitationRowPart {
  readonly id: string;
  readonly email: string | null;
  readonly role: Role;
  readonly created_at: Date | string;
  readonly expires_at: Date | string;
}

/** For the repository, which alone reads rows. */
export function invitationRecordOf(row: InvitationRowPart): InvitationRecord {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: toIso(row.created_at),
    expiresAt: toIso(row.expires_at),
  };
}
