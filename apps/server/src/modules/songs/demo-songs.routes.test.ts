import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlaylist, createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { ASSETS_DIR, createTestApp, type TestApp } from '../../../test/test-app';
import { importDemoLibrary, readDemoManifest } from './demo-library';
import { SongsRepository } from './songs.repository';

/** "Remove demo songs": DELETE /api/admin/songs/demo. */

const DEMO_DIR = path.join(ASSETS_DIR, 'demo');
const quiet = { info: () => undefined, warn: () => undefined };

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
});
afterAll(() => t.close());

const removeDemo = (user: CreatedUser) =>
  t.app.inject({ method: 'DELETE', url: '/api/admin/songs/demo', headers: user.headers });

const storedKeys = (folder: 'audio' | 'images') => {
  const dir = path.join(t.blobs.root, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => `${folder}/${name}`) : [];
};

describe('removing the demo songs', () => {
  it('removes every demo song with its files at once; playlists keep their other songs', async () => {
    const manifest = (await readDemoManifest(DEMO_DIR)) ?? [];
    const demo = {
      songs: new SongsRepository(t.database.db),
      writes: t.services.songWrites,
      objects: t.blobs,
      covers: t.services.covers,
      log: quiet,
    };
    expect(await importDemoLibrary(demo, DEMO_DIR)).toBe(manifest.length);
    const demoAudio = storedKeys('audio');
    const demoImages = storedKeys('images');
    expect(demoImages.length).toBeGreaterThan(0);

    const mine = await createSong(t, { title: 'My Own Song' });
    const [first, second] = await t.database.db
      .selectFrom('songs')
      .select('id')
      .where('id', '!=', mine.song._id)
      .orderBy('id')
      .limit(2)
      .execute();
    const playlistId = await createPlaylist(t, listener, {
      songIds: [first!.id, mine.song._id, second!.id],
    });

    expect((await removeDemo(listener)).statusCode).toBe(403);

    const removed = await removeDemo(admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({
      success: true,
      message: `Removed ${manifest.length} demo songs.`,
      data: { removed: manifest.length },
    });

    const songs = await t.app.inject({ url: '/api/admin/songs?limit=100', headers: admin.headers });
    expect(songs.json().data.map((song: { title: string }) => song.title)).toEqual(['My Own Song']);
    const playlist = await t.app.inject({
      url: `/api/user/playlists/${playlistId}`,
      headers: listener.headers,
    });
    expect(playlist.json().data).toMatchObject({
      songs: [{ _id: mine.song._id }],
      songCount: 1,
    });
    // The demo's audio and covers are gone; the remaining song's file stays.
    const audioLeft = storedKeys('audio');
    expect(audioLeft.filter((key) => demoAudio.includes(key))).toEqual([]);
    expect(audioLeft).toContain(mine.row.audio_key);
    expect(storedKeys('images').filter((key) => demoImages.includes(key))).toEqual([]);
    const albums = await t.database.db.selectFrom('albums').select('title').execute();
    expect(albums.map((album) => album.title)).toEqual([mine.song.album]);

    const again = await removeDemo(admin);
    expect(again.json()).toMatchObject({
      message: 'There were no demo songs to remove.',
      data: { removed: 0 },
    });
  });
});
