import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { jpegBytes, mp3Bytes, pngBytes } from '../../../test/media-files';
import { injectForm } from '../../../test/multipart';
import { testMediaUrls } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { migrateToLatest } from '../../db/database';
import { migrations } from '../../db/migrations/all';
import { newId } from '../../ids';

/**
 * A library from before covers had their table: covers named by their hash
 * (`images/<sha256>.<ext>`), audio by the song's id and its type's extension. The upgrade must
 * keep every cover with the right count, and every old key must keep working.
 */

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const shared = jpegBytes('shared before the upgrade');
const single = pngBytes('one song before the upgrade');
const sharedKey = `images/${sha256(shared)}.jpg`;
const singleKey = `images/${sha256(single)}.png`;
/** A cover under a name that is not its hash: its row gets no hash, its type from its name. */
const namedKey = 'images/cover-from-elsewhere.webp';
const songIds = { first: newId(), second: newId(), opus: newId() };
const opusAudioKey = `audio/${songIds.opus}.opus`;

async function put(key: string, bytes: Buffer): Promise<void> {
  await t.blobs.put(key, Readable.from([bytes]), { contentType: 'application/octet-stream' });
}

async function insertSong(id: string, coverKey: string | null, audioKey: string, mime: string) {
  await t.database.db
    .insertInto('songs')
    .values({
      id,
      title: 'Old song',
      artist: 'Old band',
      album: null,
      genre: 'rock',
      release_year: 2001,
      duration: 60,
      cover_key: coverKey,
      audio_key: audioKey,
      audio_mime: mime,
      audio_bytes: 1668,
      created_at: new Date().toISOString(),
    })
    .execute();
}

async function insertPlaylist(owner: CreatedUser, coverKey: string): Promise<string> {
  const id = newId();
  await t.database.db
    .insertInto('playlists')
    .values({
      id,
      owner_id: owner.user._id,
      name: 'Old playlist',
      description: '',
      cover_key: coverKey,
      is_public: 1,
      is_default: 0,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

async function imageRows() {
  const rows = await t.database.db.selectFrom('images').selectAll().execute();
  const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : 1);
  return rows.sort(byKey).map((row) => ({
    key: row.key,
    sha256: row.sha256,
    mime: row.mime,
    bytes: row.bytes,
    refCount: Number(row.ref_count),
  }));
}

let playlists: string[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
  const migrator = new Migrator({
    db: t.database.db,
    provider: { getMigrations: async () => migrations },
    ...(t.postgresSchema ? { migrationTableSchema: t.postgresSchema } : {}),
  });
  const { error } = await migrator.migrateTo('2026-11-23-song-audio-bytes-bigint');
  if (error)
    throw new Error('The database could not go back before the images table.', { cause: error });

  for (const [key, bytes] of [
    [sharedKey, shared],
    [singleKey, single],
    [namedKey, pngBytes('named')],
    [`audio/${songIds.first}.mp3`, mp3Bytes()],
    [`audio/${songIds.second}.mp3`, mp3Bytes()],
    [opusAudioKey, mp3Bytes()],
  ] as const) {
    await put(key, bytes);
  }
  await insertSong(songIds.first, sharedKey, `audio/${songIds.first}.mp3`, 'audio/mpeg');
  await insertSong(songIds.second, singleKey, `audio/${songIds.second}.mp3`, 'audio/mpeg');
  await insertSong(songIds.opus, null, opusAudioKey, 'audio/ogg');
  playlists = [
    await insertPlaylist(listener, sharedKey),
    await insertPlaylist(listener, sharedKey),
    await insertPlaylist(listener, namedKey),
  ];

  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(() => t.close());

describe('upgrading a library of content-addressed covers', () => {
  it('keeps every cover in use with the number of rows that use it', async () => {
    expect(await imageRows()).toEqual(
      [
        { key: namedKey, sha256: null, mime: 'image/webp', bytes: null, refCount: 1 },
        { key: sharedKey, sha256: sha256(shared), mime: 'image/jpeg', bytes: null, refCount: 3 },
        { key: singleKey, sha256: sha256(single), mime: 'image/png', bytes: null, refCount: 1 },
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
  });

  it('serves the old keys with their types', async () => {
    const cover = await t.app.inject({ url: `/media/${sharedKey}` });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    expect(cover.rawPayload.equals(shared)).toBe(true);
    const audio = await t.app.inject({ url: testMediaUrls.audio(`audio/${songIds.first}.mp3`) });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    const opus = await t.app.inject({ url: testMediaUrls.audio(opusAudioKey) });
    expect(opus.headers['content-type']).toBe('audio/ogg');
  });

  it('names a download after the extension of an old key', async () => {
    const res = await t.app.inject({
      url: `/api/user/songs/${songIds.opus}/download`,
      headers: listener.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Oldsong_Oldband_Cadenza.opus"');
  });

  it('shares an old cover with an upload of the same picture', async () => {
    const res = await injectForm(
      t.app,
      { method: 'POST', url: '/api/user/playlists', headers: listener.headers },
      {
        name: 'New playlist, old picture',
        coverImage: { filename: 'again.jpg', contentType: 'image/jpeg', content: shared },
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.coverImage).toBe(`/media/${sharedKey}`);
    playlists.push(res.json().data._id as string);
    expect((await imageRows()).find((row) => row.key === sharedKey)?.refCount).toBe(4);
  });

  it('removes an old cover with the last row that used it, and not before', async () => {
    const remove = (url: string, who: CreatedUser) =>
      t.app.inject({ method: 'DELETE', url, headers: who.headers });
    for (const id of [playlists[0], playlists[1], playlists[3]]) {
      expect((await remove(`/api/user/playlists/${id}`, listener)).statusCode).toBe(200);
    }
    expect(await t.blobs.head(sharedKey)).not.toBeNull();
    expect((await remove(`/api/admin/songs/${songIds.first}`, admin)).statusCode).toBe(200);
    expect(await t.blobs.head(sharedKey)).toBeNull();
    expect((await imageRows()).map((row) => row.key)).toEqual([namedKey, singleKey].sort());
  });
});
