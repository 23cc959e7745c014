import type { UserRecord } from '../users/user-record';

/** A key as its owner's list shows it: never the key. */
export interface ApiKeyRecord {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
  /** ISO-8601 UTC; null until first used. */
  readonly lastUsedAt: string | null;
}

/** A key just made: the only time the key itself is in hand. */
export interface CreatedApiKeyRecord extends ApiKeyRecord {
  readonly key: string;
}

/** A sealed key with its owner, for signing in. */
export interface SealedApiKey {
  readonly id: string;
  readonly user: UserRecord;
  /** The key as `ApiKeySecrets.encrypt` sealed it. */
  readonly cipher: string;
}
