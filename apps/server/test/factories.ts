import { Readable } from 'node:stream';
import type { Role, User } from '@cadenza/contract/auth';
import type { Genre } from '@cadenza/contract/songs';
import type { SongRow } from '../src/db/schema';
import { newId } from '../src/ids';
import { AccountSessionsRepository } from '../src/modules/auth/account-sessions.repository';
import { hashPassword } from '../src/modules/auth/passwords';
import { SESSION_SECONDS, TokenSigner } from '../src/modules/auth/tokens';
import { ImagesRepository } from '../src/modules/images/images.repository';
import { PlaylistsRepository } from '../src/modules/playlists/playlists.repository';
import { presentUser } from '../src/modules/users/users.presenter';
import { CountersRepository, USERS_COUNTER } from '../src/modules/stats/counters.repository';
import { UsersRepository } from '../src/modules/users/users.repository';
import { mp3Bytes } from './media-files';
import { songRowById } from './song-rows';
import { TEST_JWT_SECRET, type TestApp } from './test-app';

let sequence = 0;

export interface CreatedUser {
  readonly user: User;
  readonly password: string;
  readonly token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  readonly headers: { authorization: string };
}

export interface UserOverrides {
  readonly name?: string;
  readonly email?: string;
  readonly password?: string;
  readonly role?: Role;
  /** A temporary password, as an administrator sets: the owner must choose their own. */
  readonly mustChangePassword?: boolean;
}

/** Inserts an account straight into the database and signs a session token for it. */
export async function createUser(t: TestApp, overrides: UserOverrides = {}): Promise<CreatedUser> {
  sequence += 1;
  const password = overrides.password ?? `password-${sequence}`;
  const passwordHash = await hashPassword(password);
  // Counted as the server counts a new account, in the same transaction.
  const record = await t.database.db.transaction().execute(async (trx) => {
    const user = await new UsersRepository(trx).insert({
      id: newId(),
      name: overrides.name ?? `Listener ${sequence}`,
      email: (
        overrides.email ?? `listener${sequence}.${newId().slice(-6)}@example.com`
      ).toLowerCase(),
      passwordHash,
      role: overrides.role ?? 'user',
      createdAt: new Date().toISOString(),
      mustChangePassword: overrides.mustChangePassword ?? false,
    });
    await new CountersRepository(trx).bump(USERS_COUNTER, 1);
    return user;
  });
  const issued = new TokenSigner(TEST_JWT_SECRET).issue(record.id, 0, SESSION_SECONDS);
  // Recorded as a sign-in would record it: listed among the account's sessions, just signed in.
  await new AccountSessionsRepository(t.database.db).insert({
    id: issued.tokenId,
    userId: record.id,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    address: '127.0.0.1',
    at: t.container.clock(),
    expiresAt: issued.expiresAt,
  });
  const { token } = issued;
  return {
    user: presentUser(record),
    password,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

export function createAdmin(t: TestApp, overrides: UserOverrides = {}): Promise<CreatedUser> {
  return createUser(t, { name: 'Admin', ...overrides, role: 'admin' });
}

export interface SongOverrides {
  readonly title?: string;
  readonly artist?: string;
  readonly album?: string | null;
  readonly genre?: Genre;
  readonly duration?: number;
  /** The key of a kept image (see `storeCover` in test/covers.ts). */
  readonly coverKey?: string | null;
  readonly createdAt?: string;
}

/** Stores a small real MP3 in the blob store and inserts its song row. */
export async function createSong(t: TestApp, overrides: SongOverrides = {}): Promise<SongRow> {
  sequence += 1;
  const id = newId();
  const audioKey = `audio/${id}`;
  const audio = await t.blobs.put(audioKey, Readable.from([mp3Bytes(4, id)]), {
    contentType: 'audio/mpeg',
  });
  await t.services.songWrites.insert({
    id,
    title: overrides.title ?? `Song ${sequence}`,
    artist: overrides.artist ?? `Artist ${sequence}`,
    album: overrides.album === undefined ? null : overrides.album,
    genre: overrides.genre ?? 'pop',
    releaseYear: 2024,
    duration: overrides.duration ?? 180,
    cover: overrides.coverKey ?? null,
    audioKey,
    audioMime: 'audio/mpeg',
    audioBytes: audio.bytes,
    createdAt: overrides.createdAt ?? new Date().toISOString(),
  });
  return songRowById(t, id);
}

export interface PlaylistOverrides {
  readonly name?: string;
  readonly description?: string;
  readonly isPublic?: boolean;
  readonly isDefault?: boolean;
  /** The key of a kept image (see `storeCover` in test/covers.ts). */
  readonly coverKey?: string | null;
  /** Song ids, added in this order. */
  readonly songIds?: readonly string[];
  readonly createdAt?: string;
}

/** Inserts a playlist owned by `owner` (with its songs, in order) and answers its id. */
export async function createPlaylist(
  t: TestApp,
  owner: { readonly user: User },
  overrides: PlaylistOverrides = {},
): Promise<string> {
  sequence += 1;
  const id = newId();
  const playlists = new PlaylistsRepository(t.database.db, t.database.dialect);
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  const coverKey = overrides.coverKey ?? null;
  // The playlist takes its cover as the server's playlists do, in the same transaction.
  await t.database.db.transaction().execute(async (trx) => {
    await new PlaylistsRepository(trx, t.database.dialect).insert(
      {
        id,
        ownerId: owner.user._id,
        name: overrides.name ?? `Playlist ${sequence}`,
        description: overrides.description ?? '',
        coverKey: coverKey === null ? null : await new ImagesRepository(trx).take(coverKey),
        isPublic: overrides.isPublic ?? true,
        isDefault: overrides.isDefault ?? false,
        createdAt,
      },
      { ids: [], duration: 0 },
    );
  });
  for (const songId of overrides.songIds ?? []) {
    await playlists.appendSong(id, songId, createdAt);
  }
  return id;
}
