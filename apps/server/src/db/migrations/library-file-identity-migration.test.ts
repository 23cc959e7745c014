import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Song } from '@cadenza/contract/songs';
import { taggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { migratorOf } from '../../../test/migrations';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TAG_READER_VERSION } from '../../domain/audio-tags';
import { migrateToLatest } from '../database';

/** Files scanned before their identity was kept: still served, checked on size and time. */

let music: string;
let t: TestApp;
let admin: CreatedUser;
let song: Song;
const file = () => path.join(music, 'Album', '01.mp3');

beforeAll(async () => {
  music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-music-'));
  fs.mkdirSync(path.join(music, 'Album'));
  fs.writeFileSync(file(), taggedMp3());
  t = await createTestApp({ env: { MUSIC_DIR: music } });
  admin = await createAdmin(t);
  await t.services.libraryScans.run();
  const res = await t.app.inject({ url: '/api/admin/songs', headers: admin.headers });
  song = res.json().data[0];
  const { error } = await migratorOf(t).migrateTo('2026-12-04-first-cover-of-an-album');
  if (error) throw new Error('The database could not go back.', { cause: error });
  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(music, { recursive: true, force: true });
});

describe('2026-12-05-library-file-identity', () => {
  it('leaves the identity of a scanned row unknown, and the file is served as before', async () => {
    const rows = await t.database.db.selectFrom('library_files').select('identity').execute();
    expect(rows).toEqual([{ identity: null }]);
    const res = await t.app.inject({ url: song.audioFile });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(taggedMp3())).toBe(true);
  });

  it('has the next scan record it, without reading the file again', async () => {
    // Read by this tag reader already: what is new to the row is its identity alone.
    await t.database.db
      .updateTable('songs')
      .set({ tags_read_version: TAG_READER_VERSION })
      .execute();
    const status = await t.services.libraryScans.run();
    expect(status).toMatchObject({ unchanged: 1, updated: 0, added: 0 });
    const stats = fs.statSync(file(), { bigint: true });
    const rows = await t.database.db.selectFrom('library_files').select('identity').execute();
    expect(rows).toEqual([{ identity: `${stats.dev}:${stats.ino}` }]);
  });
});
