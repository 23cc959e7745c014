import type { Kysely, Selectable } from 'kysely';
import { toIso, type ApiKeysTable, type Database } from '../../db/schema';
import { userRecordOf } from '../users/user-record';
import type { ApiKeyRecord, SealedApiKey } from './api-key-record';

export interface NewApiKey {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  readonly keyHash: string;
  readonly keyCipher: string;
  readonly createdAt: string;
}

function recordOf(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    createdAt: toIso(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : toIso(row.last_used_at),
  };
}

export class ApiKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds the key unless its owner holds `max` already; false then. */
  async insertWithin(key: NewApiKey, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const held = await trx
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', key.userId)
        .executeTakeFirstOrThrow();
      if (Number(held.count) >= max) return false;
      await trx
        .insertInto('api_keys')
        .values({
          id: key.id,
          user_id: key.userId,
          name: key.name,
          key_hash: key.keyHash,
          key_cipher: key.keyCipher,
          created_at: key.createdAt,
          last_used_at: null,
        })
        .execute();
      return true;
    });
  }

  /** The owner's keys, oldest first. */
  async listOf(userId: string): Promise<ApiKeyRecord[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map(recordOf);
  }

  /** Deletes one of the owner's keys; false when they hold none with that id. */
  async deleteOwn(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('api_keys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Revokes every key of the user (a password changed or reset): their apps are signed out. */
  async deleteAllOf(userId: string): Promise<number> {
    const result = await this.db
      .deleteFrom('api_keys')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async findByHash(keyHash: string): Promise<SealedApiKey | null> {
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .selectAll('users')
      .select(['api_keys.id as key_id', 'api_keys.key_cipher'])
      .where('api_keys.key_hash', '=', keyHash)
      .executeTakeFirst();
    return row ? { id: row.key_id, user: userRecordOf(row), cipher: row.key_cipher } : null;
  }

  /** Every key of the account with this e-mail (already folded to lower case). */
  async sealedKeysOfEmail(email: string): Promise<SealedApiKey[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .selectAll('users')
      .select(['api_keys.id as key_id', 'api_keys.key_cipher'])
      .where('users.email', '=', email)
      .orderBy('api_keys.id')
      .execute();
    return rows.map((row) => ({
      id: row.key_id,
      user: userRecordOf(row),
      cipher: row.key_cipher,
    }));
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
