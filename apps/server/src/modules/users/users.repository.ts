import type { Kysely } from 'kysely';
import type { Role } from '@cadenza/contract/auth';
import type { PageQuery } from '@cadenza/contract/paging';
import { atomically, forUpdate } from '../../db/atomic';
import { readNewestFirstPage } from '../../db/newest-first';
import type { Database, UserRow } from '../../db/schema';
import type { Page } from '../../paging';
import type { StreamingQuality } from '@cadenza/contract/streaming-quality';
import {
  streamingQualityOf,
  userRecordOf,
  type Account,
  type LoginAccount,
  type UserRecord,
} from './user-record';

/** What changing an account's role or status did: the last active administrator stays one. */
export type AccountChangeOutcome =
  | { readonly status: 'changed'; readonly user: UserRecord }
  | { readonly status: 'last_admin' }
  | { readonly status: 'missing' };

/** A change an administrator makes to an account: its role, or whether it is disabled. */
export interface AccountChange {
  readonly role?: Role;
  readonly disabled?: boolean;
}

/**
 * What deleting an account did: an account whose role may not be deleted stays. A deleted
 * account answers its playlists' covers, one per playlist (two playlists may share one).
 */
export type DeleteUserOutcome =
  | { readonly status: 'deleted'; readonly playlistCoverKeys: string[] }
  | { readonly status: 'protected' }
  | { readonly status: 'missing' };

export interface NewUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly role: Role;
  readonly createdAt: string;
  /** A temporary password, set by an administrator: its owner must choose their own. */
  readonly mustChangePassword?: boolean;
}

function loginAccountOf(row: UserRow): LoginAccount {
  return {
    user: userRecordOf(row),
    passwordHash: row.password_hash,
    tokenVersion: row.token_version,
  };
}

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Inserts the account. The users counter counts it in the same transaction: a unit of work
   * (`NewAccountRepositories`) bumps it.
   */
  async insert(user: NewUser): Promise<UserRecord> {
    const row = await this.db
      .insertInto('users')
      .values({
        id: user.id,
        name: user.name,
        email: user.email,
        password_hash: user.passwordHash,
        role: user.role,
        created_at: user.createdAt,
        must_change_password: user.mustChangePassword ? 1 : 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return userRecordOf(row);
  }

  /** The account behind a login attempt, with the hash its password is checked against. */
  async findLoginByEmail(email: string): Promise<LoginAccount | null> {
    const row = await this.rowWhere('email', email);
    return row ? loginAccountOf(row) : null;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const row = await this.rowWhere('email', email);
    return row ? userRecordOf(row) : null;
  }

  async findById(id: string): Promise<UserRecord | null> {
    const row = await this.rowWhere('id', id);
    return row ? userRecordOf(row) : null;
  }

  async emailExists(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    return row !== undefined;
  }

  async adminExists(): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Every account, newest first by (created_at, id), a keyset page. */
  async page(query: PageQuery): Promise<Page<UserRecord>> {
    return readNewestFirstPage(
      this.db.selectFrom('users').selectAll(),
      query,
      { createdAt: 'created_at', id: 'id' },
      userRecordOf,
    );
  }

  /**
   * Deletes an account whose role is among `deletableRoles`, in one transaction: its playlists (with their entries), likes,
   * saves, plays and reset tokens go by their foreign keys' cascades. Its sessions end with it,
   * since a token only counts for an existing account. Answers the covers its playlists had,
   * for the unit of work that releases them and counts the account out in the same transaction.
   */
  async deleteAccount(id: string, deletableRoles: readonly Role[]): Promise<DeleteUserOutcome> {
    return atomically(this.db, async (trx) => {
      const account = await trx
        .selectFrom('users')
        .select('role')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!account) return { status: 'missing' };
      if (!deletableRoles.includes(account.role)) return { status: 'protected' };
      // Locked: a cover changed meanwhile would be released as the one it replaced.
      const covers = await forUpdate(
        trx,
        trx
          .selectFrom('playlists')
          .select('cover_key')
          .where('owner_id', '=', id)
          .where('cover_key', 'is not', null),
      ).execute();
      // The role is checked again as the row goes: a promotion in between keeps the account.
      const deleted = await trx
        .deleteFrom('users')
        .where('id', '=', id)
        .where('role', 'in', [...deletableRoles])
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return { status: 'missing' };
      return {
        status: 'deleted',
        playlistCoverKeys: covers.flatMap((row) => (row.cover_key ? [row.cover_key] : [])),
      };
    });
  }

  /**
   * Changes an account's role or disables or re-enables it, in one transaction that refuses to
   * leave the site without an active administrator. The active administrators' rows are locked
   * first (PostgreSQL), so that two administrators demoting or disabling each other at once run
   * one after the other, and the second finds the first no longer counts. Disabling bumps the
   * token version, which ends every session of the account.
   */
  async changeAccount(id: string, change: AccountChange, now: Date): Promise<AccountChangeOutcome> {
    return atomically(this.db, async (trx) => {
      const admins = await forUpdate(
        trx,
        trx
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'admin')
          .where('disabled_at', 'is', null)
          .orderBy('id'),
      ).execute();
      const target = await forUpdate(
        trx,
        trx.selectFrom('users').select(['id', 'role', 'disabled_at']).where('id', '=', id),
      ).executeTakeFirst();
      if (!target) return { status: 'missing' };
      const activeAdmin = admins.some((admin) => admin.id === id);
      const stopsBeingOne =
        (change.role !== undefined && change.role !== 'admin') || change.disabled === true;
      if (activeAdmin && stopsBeingOne && admins.length <= 1) return { status: 'last_admin' };
      const disabling = change.disabled === true && target.disabled_at === null;
      const enabling = change.disabled === false && target.disabled_at !== null;
      const newRole = change.role !== undefined && change.role !== target.role;
      // Nothing to change (already disabled, already that role): the account as it is.
      const row =
        !disabling && !enabling && !newRole
          ? await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
          : await trx
              .updateTable('users')
              .set((eb) => ({
                ...(newRole ? { role: change.role } : {}),
                ...(disabling
                  ? { disabled_at: now.toISOString(), token_version: eb('token_version', '+', 1) }
                  : {}),
                ...(enabling ? { disabled_at: null } : {}),
              }))
              .where('id', '=', id)
              .returningAll()
              .executeTakeFirstOrThrow();
      return { status: 'changed', user: userRecordOf(row) };
    });
  }

  /** Sets the richest stream the account may have; null when there is no such account. */
  async setStreamingLimit(id: string, quality: StreamingQuality): Promise<UserRecord | null> {
    const row = await this.db
      .updateTable('users')
      .set({ streaming_quality_limit: quality === 'original' ? null : quality })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? userRecordOf(row) : null;
  }

  /** The richest stream the account may have (`original` for an unknown one: no limit of its own). */
  async streamingLimitOf(id: string): Promise<StreamingQuality> {
    const row = await this.db
      .selectFrom('users')
      .select('streaming_quality_limit')
      .where('id', '=', id)
      .executeTakeFirst();
    return streamingQualityOf(row?.streaming_quality_limit ?? null);
  }

  /** Notes that the account was used now (the caller decides how often). */
  async touchActivity(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ last_active_at: at.toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Sets a new password and bumps the token version, which revokes every session of the user.
   * Answers the account with its new token version; null when there is no such account.
   */
  async updatePassword(id: string, passwordHash: string): Promise<Account | null> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        must_change_password: 0,
        token_version: eb('token_version', '+', 1),
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? { user: userRecordOf(row), tokenVersion: row.token_version } : null;
  }

  /**
   * Sets a temporary password an administrator chose: its owner must replace it at the next
   * sign-in, and every session of the account ends.
   */
  async setTemporaryPassword(id: string, passwordHash: string): Promise<UserRecord | null> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        must_change_password: 1,
        token_version: eb('token_version', '+', 1),
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? userRecordOf(row) : null;
  }

  /** The account with the token version its sessions are signed with. */
  async findAccountById(id: string): Promise<Account | null> {
    const row = await this.rowWhere('id', id);
    return row ? { user: userRecordOf(row), tokenVersion: row.token_version } : null;
  }

  /** The account with the hash its password is checked against (a change of password or e-mail). */
  async findLoginById(id: string): Promise<LoginAccount | null> {
    const row = await this.rowWhere('id', id);
    return row ? loginAccountOf(row) : null;
  }

  async updateName(id: string, name: string): Promise<UserRecord | null> {
    const row = await this.db
      .updateTable('users')
      .set({ name })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? userRecordOf(row) : null;
  }

  /** Sets the account's e-mail; a unique violation when another account holds it. */
  async updateEmail(id: string, email: string): Promise<UserRecord | null> {
    const row = await this.db
      .updateTable('users')
      .set({ email })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? userRecordOf(row) : null;
  }

  /** Bumps the token version, which ends every session of the user; null for no such account. */
  async bumpTokenVersion(id: string): Promise<Account | null> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? { user: userRecordOf(row), tokenVersion: row.token_version } : null;
  }

  private rowWhere(column: 'id' | 'email', value: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirst();
  }

  /** Makes an existing account the administrator with the configured password. */
  async promoteToAdmin(id: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({
        role: 'admin',
        password_hash: passwordHash,
        token_version: eb('token_version', '+', 1),
      }))
      .where('id', '=', id)
      .execute();
  }
}
