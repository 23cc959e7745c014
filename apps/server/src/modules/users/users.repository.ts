import type { Kysely } from 'kysely';
import type { Role, User } from '@cadenza/contract/auth';
import { forUpdate } from '../../db/atomic';
import { newestFirstPage, rowKeysetPosition } from '../../db/newest-first';
import { toIso, type Database, type UserRow } from '../../db/schema';
import type { KeysetPageRequest } from '../../keyset';
import { toPage, type Page } from '../../paging';
import { ImagesRepository } from '../media/images.repository';

/** What deleting an account did: administrators are never deleted. */
export type DeleteUserOutcome =
  | { readonly status: 'deleted'; readonly playlistCoverKeys: string[] }
  | { readonly status: 'admin' }
  | { readonly status: 'missing' };

export interface NewUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly role: Role;
  readonly createdAt: string;
}

/** An account as the server sees it: the public user plus what only the server may read. */
export interface Account {
  readonly user: User;
  readonly passwordHash: string;
  readonly tokenVersion: number;
}

function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    profileImage: row.profile_image,
    createdAt: toIso(row.created_at),
  };
}

function toAccount(row: UserRow): Account {
  return { user: toUser(row), passwordHash: row.password_hash, tokenVersion: row.token_version };
}

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(user: NewUser, db: Kysely<Database> = this.db): Promise<User> {
    const row = await db
      .insertInto('users')
      .values({
        id: user.id,
        name: user.name,
        email: user.email,
        password_hash: user.passwordHash,
        role: user.role,
        created_at: user.createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUser(row);
  }

  async findAccountByEmail(email: string, db: Kysely<Database> = this.db): Promise<Account | null> {
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async findAccountById(id: string, db: Kysely<Database> = this.db): Promise<Account | null> {
    const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async findById(id: string): Promise<User | null> {
    return (await this.findAccountById(id))?.user ?? null;
  }

  async emailExists(email: string, db: Kysely<Database> = this.db): Promise<boolean> {
    const row = await db
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
  async page(request: KeysetPageRequest): Promise<Page<User>> {
    const query = newestFirstPage(this.db.selectFrom('users').selectAll(), request, {
      createdAt: 'created_at',
      id: 'id',
    });
    const page = toPage(await query.execute(), request.limit, rowKeysetPosition);
    return { ...page, items: page.items.map(toUser) };
  }

  /**
   * Deletes a non-admin account in one transaction: its playlists (with their entries), likes,
   * saves, plays and reset tokens go by their foreign keys' cascades. Its sessions end with it,
   * since a token only counts for an existing account, and each playlist's cover counts one use
   * fewer. Answers the covers its playlists had.
   */
  async deleteNonAdmin(id: string): Promise<DeleteUserOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const account = await trx
        .selectFrom('users')
        .select('role')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!account) return { status: 'missing' };
      if (account.role === 'admin') return { status: 'admin' };
      // Locked: a cover changed meanwhile would be released as the one it replaced.
      const covers = await forUpdate(
        trx,
        trx
          .selectFrom('playlists')
          .select('cover_key')
          .where('owner_id', '=', id)
          .where('cover_key', 'is not', null),
      ).execute();
      const deleted = await trx
        .deleteFrom('users')
        .where('id', '=', id)
        .where('role', '<>', 'admin')
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return { status: 'missing' };
      await new ImagesRepository(trx).release(covers.map((row) => row.cover_key));
      return {
        status: 'deleted',
        playlistCoverKeys: [
          ...new Set(covers.flatMap((row) => (row.cover_key ? [row.cover_key] : []))),
        ],
      };
    });
  }

  /** The role and token version that a session check needs, in one indexed read. */
  async findSessionFacts(id: string): Promise<{ role: Role; tokenVersion: number } | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['role', 'token_version'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { role: row.role, tokenVersion: row.token_version } : null;
  }

  /** Sets a new password and bumps the token version, which revokes every session of the user. */
  async updatePassword(
    id: string,
    passwordHash: string,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .execute();
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
