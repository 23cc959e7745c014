import type { Role } from '@cadenza/contract/auth';
import { STREAMING_QUALITIES, type StreamingQuality } from '@cadenza/contract/streaming-quality';
import { toIso, type UserRow } from '../../db/schema';

/** An account as the domain sees it: never its password hash or token version. */
export interface UserRecord {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly role: Role;
  readonly profileImage: string | null;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
  /** Disabled by an administrator: no sign-in, no session, no app key. */
  readonly disabled: boolean;
  /** The password is a temporary one: nothing works until its owner chooses their own. */
  readonly passwordChangeRequired: boolean;
  /** The last use of the web API or an app key, to the minute (ISO-8601 UTC); null if never. */
  readonly lastActiveAt: string | null;
  /** The richest stream an administrator lets the account have; `original` for no limit. */
  readonly streamingQualityLimit: StreamingQuality;
}

/** A stored limit, `original` (none) for no value or one that is no longer a quality. */
export function streamingQualityOf(stored: string | null): StreamingQuality {
  return STREAMING_QUALITIES.find((quality) => quality === stored) ?? 'original';
}

/** An account with the token version its sessions are signed with. */
export interface Account {
  readonly user: UserRecord;
  readonly tokenVersion: number;
}

/** What logging in alone needs: the account with its password hash. */
export interface LoginAccount extends Account {
  readonly passwordHash: string;
}

/** The record of a `users` row; for repositories, which alone read rows. */
export function userRecordOf(row: UserRow): UserRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    profileImage: row.profile_image,
    createdAt: toIso(row.created_at),
    disabled: row.disabled_at !== null,
    passwordChangeRequired: Boolean(row.must_change_password),
    lastActiveAt: row.last_active_at === null ? null : toIso(row.last_active_at),
    streamingQualityLimit: streamingQualityOf(row.streaming_quality_limit),
  };
}
