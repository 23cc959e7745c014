import type { ApiKey, CreatedApiKey } from '@cadenza/contract/api-keys';
import type { ApiKeyRecord, CreatedApiKeyRecord } from './api-key-record';

export function presentApiKey(key: ApiKeyRecord): ApiKey {
  return { id: key.id, name: key.name, createdAt: key.createdAt, lastUsedAt: key.lastUsedAt };
}

/** The answer to creating a key: the key itself, this once. */
export function presentCreatedApiKey(key: CreatedApiKeyRecord): CreatedApiKey {
  return { id: key.id, name: key.name, createdAt: key.createdAt, key: key.key };
}
