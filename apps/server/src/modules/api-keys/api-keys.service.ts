import { apiKeyMessages, MAX_API_KEYS_PER_USER } from '@cadenza/contract/api-keys';
import { Conflict, NotFound } from '../../errors';
import { newId } from '../../ids';
import type { LastActivity } from '../users/last-activity';
import type { UserRecord } from '../users/user-record';
import type { ApiKeyRecord, CreatedApiKeyRecord } from './api-key-record';
import { tokenMatches, type ApiKeySecrets } from './api-key-secrets';
import type { ApiKeysRepository } from './api-keys.repository';

/** A key's last use is written at most this often: not one write per request an app makes. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Who a key proved to be, and which key it was. */
export interface KeyHolder {
  readonly user: UserRecord;
  readonly keyId: string;
}

/**
 * The keys listeners make for phone and desktop apps: made, listed and revoked by their owner,
 * and checked when an app signs in with one. An account's password is never one of them.
 */
export class ApiKeysService {
  /** When each key's use was last written, so that a busy app costs one write a minute. */
  private readonly written = new Map<string, number>();

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly secrets: ApiKeySecrets,
    private readonly activity: LastActivity,
  ) {}

  async create(userId: string, name: string): Promise<CreatedApiKeyRecord> {
    const key = this.secrets.newKey();
    const record = { id: newId(), userId, name, createdAt: new Date().toISOString() };
    const added = await this.keys.insertWithin(
      { ...record, keyHash: this.secrets.hash(key), keyCipher: this.secrets.encrypt(key) },
      MAX_API_KEYS_PER_USER,
    );
    if (!added) throw new Conflict(apiKeyMessages.tooMany, 'too_many_api_keys');
    return { ...record, lastUsedAt: null, key };
  }

  list(userId: string): Promise<ApiKeyRecord[]> {
    return this.keys.listOf(userId);
  }

  /** Revokes one of the owner's keys; anyone else's is answered as if it did not exist. */
  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.keys.deleteOwn(userId, id))) {
      throw new NotFound('API key not found.', 'api_key_not_found');
    }
    this.written.delete(id);
  }

  /** The holder of a key sent as it is; null for no such key. */
  async byKey(key: string): Promise<KeyHolder | null> {
    const found = await this.keys.findByHash(this.secrets.hash(key));
    return found ? this.used(found.id, found.user) : null;
  }

  /** The holder of the account with this e-mail whose key hashes with `salt` to `token`. */
  async byToken(email: string, salt: string, token: string): Promise<KeyHolder | null> {
    for (const sealed of await this.keys.sealedKeysOfEmail(email.trim().toLowerCase())) {
      const key = this.secrets.decrypt(sealed.cipher);
      if (key !== null && tokenMatches(key, salt, token)) return this.used(sealed.id, sealed.user);
    }
    return null;
  }

  /** Notes the use of a key (and its account's activity), unless the account is disabled. */
  private async used(keyId: string, user: UserRecord): Promise<KeyHolder> {
    if (user.disabled) return { user, keyId };
    await this.activity.seen(user.id);
    const now = Date.now();
    const last = this.written.get(keyId);
    if (last === undefined || now - last >= LAST_USED_RESOLUTION_MS) {
      this.written.set(keyId, now);
      await this.keys.touch(keyId, new Date(now).toISOString());
    }
    return { user, keyId };
  }
}
