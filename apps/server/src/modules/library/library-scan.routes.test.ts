import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { libraryMessages } from '@cadenza/contract/library';
import type { Song } from '@cadenza/contract/songs';
import { taggedMp3Cover, untaggedMp3 } from '../../../test/audio-fixtures';
import { audioFixture } from '../../../test/audio-corpus';
import { createAdmin, createPlaylist, createUser, type CreatedUser } from '../../../test/factories';
import { scanLibrary } from '../../../test/library-scans';
import { id3Tag, id3TextFrame } from '../../../test/tag-fixtures';
import { lockTable } from '../../../test/table-lock';
import { onPostgres } from '../../../test/dialects';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SongsRepository } from '../songs/songs.repository';

let music: string;
let t: TestApp;
let admin: CreatedUser;

beforeEach(async () => {
  music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-music-'));
  t = await createTestApp({ env: { MUSIC_DIR: music } });
  admin = await createAdmin(t);
});
afterEach(async () => {
  await t.close();
  fs.rmSync(music, { recursive: true, force: true });
});

/** A real MP3 whose ID3 tag names it: each title is different bytes. */
function song(title: string, album = 'Scanned Album'): Buffer {
  const tag = id3Tag(3, [
    id3TextFrame(3, 'TIT2', title),
    id3TextFrame(3, 'TPE1', 'The Scanners'),
    id3TextFrame(3, 'TALB', album),
  ]);
  return Buffer.concat([tag, untaggedMp3()]);
}

/** Writes a file into the music folder (folders made as needed) and answers its path. */
function put(relative: string, bytes: Buffer): string {
  const file = path.join(music, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return file;
}

/** Starts a scan through the API and waits for it to end; answers its final status. */
const scan = () => scanLibrary(t, admin);

async function songs(): Promise<Song[]> {
  const res = await t.app.inject({ url: '/api/admin/songs?limit=100', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function songTitled(title: string): Promise<Song> {
  const found = (await songs()).find((entry) => entry.title === title);
  if (!found) throw new Error(`no song titled ${title}`);
  return found;
}

describe('scanning the music folders', () => {
  it('adds every audio file once, with the folder cover, skipping hidden and other files', async () => {
    put('The Scanners/Scanned Album/01 First.mp3', song('First'));
    put('The Scanners/Scanned Album/02 Second.mp3', song('Second'));
    put('The Scanners/Scanned Album/cover.jpg', taggedMp3Cover());
    put('The Scanners/Scanned Album/.hidden.mp3', song('Hidden'));
    put('The Scanners/Scanned Album/notes.txt', Buffer.from('liner notes'));
    put('.trash/03 Deleted.mp3', song('Deleted'));

    const status = await scan();

    expect(status).toMatchObject({
      configured: true,
      folders: [music],
      running: false,
      seen: 2,
      added: 2,
      errorCount: 0,
      errors: [],
    });
    expect(status.finishedAt).not.toBeNull();
    const found = await songs();
    expect(found.map((entry) => entry.title).sort()).toEqual(['First', 'Second']);
    const [first, second] = found;
    expect(first?.coverImage).toMatch(/^\/media\/images\//);
    expect(second?.coverImage).toBe(first?.coverImage);
    const images = await t.database.db.selectFrom('images').selectAll().execute();
    expect(images).toHaveLength(1);
    expect(Number(images[0]?.ref_count)).toBeGreaterThanOrEqual(2);
    // Nothing was copied into the media folder but that one cover.
    expect(fs.readdirSync(path.join(t.blobs.root)).filter((name) => name !== '.tmp')).toEqual([
      'images',
    ]);
  });

  it('leaves out a folder picture that cannot be read, and stores nothing for it', async () => {
    put('Album/01 Broken Cover.mp3', song('Broken Cover'));
    // A JPEG's first bytes and nothing after them: recognised as a JPEG, never shown as one.
    put('Album/cover.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]));

    const status = await scan();

    expect(status).toMatchObject({ seen: 1, added: 1, errorCount: 0 });
    expect((await songTitled('Broken Cover')).coverImage).toBe('/media/defaults/song.jpg');
    expect(await t.database.db.selectFrom('images').selectAll().execute()).toEqual([]);
    expect(fs.existsSync(path.join(t.blobs.root, 'images'))).toBe(false);
  });

  it('skips unchanged files on the next scan, and reads a changed one into the same song', async () => {
    const file = put('Album/01.mp3', song('Before'));
    put('Album/02.mp3', song('Other'));
    await scan();
    const before = await songTitled('Before');
    const listener = await createUser(t);
    const playlist = await createPlaylist(t, listener, { songIds: [before._id] });
    await new SongsRepository(t.database.db).toggleMark(
      'likes',
      listener.user._id,
      before._id,
      new Date().toISOString(),
    );

    const again = await scan();
    expect(again).toMatchObject({ seen: 2, unchanged: 2, added: 0, updated: 0, removed: 0 });

    fs.writeFileSync(file, song('After, retagged'));
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(file, later, later);
    const changed = await scan();

    expect(changed).toMatchObject({ seen: 2, updated: 1, unchanged: 1, added: 0, errorCount: 0 });
    const after = await songTitled('After, retagged');
    expect(after._id).toBe(before._id);
    expect((await songs()).map((entry) => entry.title).sort()).toEqual([
      'After, retagged',
      'Other',
    ]);
    const entries = await t.database.db
      .selectFrom('playlist_songs')
      .select('song_id')
      .where('playlist_id', '=', playlist)
      .execute();
    expect(entries.map((entry) => entry.song_id)).toEqual([before._id]);
    const likes = await t.database.db.selectFrom('likes').select('song_id').execute();
    expect(likes.map((like) => like.song_id)).toEqual([before._id]);
  });

  it('keeps the song of a moved file, which still plays from its new place', async () => {
    const bytes = song('Wanderer');
    put('Old Place/Wanderer.mp3', bytes);
    await scan();
    const before = await songTitled('Wanderer');

    fs.mkdirSync(path.join(music, 'New Place'));
    fs.renameSync(path.join(music, 'Old Place/Wanderer.mp3'), path.join(music, 'New Place/W.mp3'));
    const status = await scan();

    expect(status).toMatchObject({ seen: 1, moved: 1, added: 0, removed: 0, errorCount: 0 });
    const after = await songTitled('Wanderer');
    expect(after._id).toBe(before._id);
    const res = await t.app.inject({ url: after.audioFile });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('deletes the songs of removed files; their playlists keep the other songs', async () => {
    const gone = put('Album/01 Gone.mp3', song('Gone'));
    put('Album/02 Stays.mp3', song('Stays'));
    await scan();
    const [goneSong, stays] = [await songTitled('Gone'), await songTitled('Stays')];
    const listener = await createUser(t);
    const playlist = await createPlaylist(t, listener, {
      songIds: [goneSong._id, stays._id],
    });

    fs.rmSync(gone);
    const status = await scan();

    expect(status).toMatchObject({ seen: 1, removed: 1, unchanged: 1, errorCount: 0 });
    expect((await songs()).map((entry) => entry.title)).toEqual(['Stays']);
    const entries = await t.database.db
      .selectFrom('playlist_songs')
      .select(['song_id', 'position'])
      .where('playlist_id', '=', playlist)
      .execute();
    expect(entries).toEqual([{ song_id: stays._id, position: 1 }]);
  });

  it('lists a file browsers cannot play as an error with its path, and takes the rest', async () => {
    put('Album/01 Fine.mp3', song('Fine'));
    const refused = path.join(music, 'Album', '02 Layer Two.mp3');
    fs.writeFileSync(refused, audioFixture('layer2.mp2'));

    const status = await scan();

    expect(status).toMatchObject({ seen: 2, added: 1, errorCount: 1 });
    expect(status.errors).toEqual([{ path: refused, message: expect.stringMatching(/layer II/i) }]);
    expect((await songs()).map((entry) => entry.title)).toEqual(['Fine']);
    // Still refused, and still listed, the next time.
    expect(await scan()).toMatchObject({ unchanged: 1, errorCount: 1 });
  });

  it('streams a scanned file like an uploaded one: ranges, and the download name', async () => {
    const bytes = song('Ranged');
    put('Ranged.mp3', bytes);
    await scan();
    const found = await songTitled('Ranged');

    const res = await t.app.inject({ url: found.audioFile, headers: { range: 'bytes=100-1099' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(res.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);

    const download = await t.app.inject({
      url: `/api/user/songs/${found._id}/download`,
      headers: admin.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/filename="Ranged_\w+_Cadenza\.mp3"/);
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it('leaves the file in its folder when an administrator deletes its song', async () => {
    const file = put('Keep Me.mp3', song('Keep Me'));
    await scan();
    const found = await songTitled('Keep Me');

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/songs/${found._id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);

    expect(fs.readFileSync(file).equals(song('Keep Me'))).toBe(true);
    expect(await songs()).toEqual([]);
    // The deletion stands: the unchanged file does not bring the song back.
    expect(await scan()).toMatchObject({ seen: 1, unchanged: 1, added: 0 });
    expect(await songs()).toEqual([]);
  });

  it('is never touched by the maintenance sweeps', async () => {
    const file = put('Album/Swept.mp3', song('Swept'));
    await scan();
    const maintenance = t.services.maintenance;

    const later = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const report = await maintenance.sweep({ now: later, filesBefore: later });

    expect(report.orphanedBlobs).toEqual([]);
    expect(fs.existsSync(file)).toBe(true);
    expect((await songs()).map((entry) => entry.title)).toEqual(['Swept']);
  });

  it('answers the running scan to a second start', async () => {
    put('One.mp3', song('One'));
    const scans = t.services.libraryScans;

    const first = scans.start();
    const second = scans.start();

    expect(first.running).toBe(true);
    expect(second).toMatchObject({ running: true, startedAt: first.startedAt });
    expect(await scans.run()).toMatchObject({ running: false, added: 1 });
  });

  it('serves no file outside the folders, whatever a row or a key says', async () => {
    put('Inside.mp3', song('Inside'));
    await scan();
    const found = await songTitled('Inside');
    fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), 'top secret');
    await t.database.db
      .updateTable('library_files')
      .set({ path: '../secret.txt' })
      .where('song_id', '=', found._id)
      .execute();

    expect((await t.app.inject({ url: found.audioFile })).statusCode).toBe(404);
    for (const key of [
      'audio/library/../../secret.txt',
      'audio/library/%2e%2e',
      'audio/library/',
    ]) {
      expect(await t.container.objects.head(key)).toBeNull();
    }
  });
});

describe('the scan routes', () => {
  it('are for administrators only', async () => {
    const listener = await createUser(t);
    for (const method of ['GET', 'POST'] as const) {
      const url = '/api/admin/library/scan';
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      const res = await t.app.inject({ method, url, headers: listener.headers });
      expect(res.statusCode).toBe(403);
    }
  });

  it('answer 409 library_not_configured to a start without MUSIC_DIR, and say so in the status', async () => {
    const bare = await createTestApp();
    try {
      const boss = await createAdmin(bare);
      const start = await bare.app.inject({
        method: 'POST',
        url: '/api/admin/library/scan',
        headers: boss.headers,
      });
      expect(start.statusCode).toBe(409);
      expect(start.json()).toEqual({
        success: false,
        code: 'library_not_configured',
        message: 'No music folders are set up: set MUSIC_DIR to scan a library in place.',
      });
      const status = await bare.app.inject({
        url: '/api/admin/library/scan',
        headers: boss.headers,
      });
      expect(status.json().data).toMatchObject({
        configured: false,
        folders: [],
        running: false,
        startedAt: null,
      });
    } finally {
      await bare.close();
    }
  });
});

onPostgres.describe('scans on two nodes of one database', () => {
  it('are done by one node at a time: a scan started meanwhile on another is skipped', async () => {
    put('Album/One.mp3', song('One'));
    const other = await createTestApp({ nodeOf: t, env: { MUSIC_DIR: music } });
    // Whichever node takes the scan waits at its first directory until the test lets it go.
    const table = await lockTable(t.database, 'library_files');
    try {
      const scans = [t, other].map((node) => node.services.libraryScans.run());
      const firstOver = await Promise.race(scans);
      await table.release();
      const statuses = await Promise.all(scans);

      expect(firstOver.errors).toEqual([{ path: '', message: libraryMessages.scanningElsewhere }]);
      expect(statuses.map((status) => status.added).sort()).toEqual([0, 1]);
      expect((await songs()).map((entry) => entry.title)).toEqual(['One']);
    } finally {
      await table.release();
      await other.close();
    }
  });
});
