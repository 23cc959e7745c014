import type { Role } from '@cadenza/contract/auth';
import type { StreamingQuality } from '@cadenza/contract/streaming-quality';

/**
 * Who is calling, as proven by a valid, unrevoked session token: what the rules of every module
 * decide by. `plugins/auth.ts` reads it from the request; the rules never see HTTP.
 */
export interface Caller {
  readonly userId: string;
  readonly role: Role;
  /** The password is a temporary one: only `requireSession` routes answer. */
  readonly passwordChangeRequired: boolean;
  /** The richest stream the account may have (its own limit; `original` for none). */
  readonly streamingQualityLimit: StreamingQuality;
  /** An administrator whom the site requires to use a second factor has none yet. */
  readonly secondFactorMissing: boolean;
  /** The token's id and expiry, so that logout can revoke this one session. */
  readonly tokenId: string;
  readonly tokenExpiresAt: Date;
}
