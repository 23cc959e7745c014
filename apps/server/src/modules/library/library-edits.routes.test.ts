import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlbumDetail } from '@cadenza/contract/catalogue';
import type { SongLyrics } from '@cadenza/contract/lyrics';
import type { Song } from '@cadenza/contract/songs';
import { untaggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { scanLibrary } from '../../../test/library-scans';
import { injectForm } from '../../../test/multipart';
import { id3Tag, id3TextFrame } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** What a scan does to the edits an administrator made by hand. */

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

const scan = () => scanLibrary(t, admin);

function mp3(title: string, track: string): Buffer {
  const tag = id3Tag(3, [
    id3TextFrame(3, 'TIT2', title),
    id3TextFrame(3, 'TPE1', 'The Scanners'),
    id3TextFrame(3, 'TALB', 'Scanned Album'),
    id3TextFrame(3, 'TRCK', track),
    id3TextFrame(3, 'TCON', 'Rock'),
  ]);
  return Buffer.concat([tag, untaggedMp3()]);
}

async function onlySong(): Promise<Song> {
  const res = await t.app.inject({ url: '/api/admin/songs?limit=10', headers: admin.headers });
  const songs = res.json<{ data: Song[] }>().data;
  expect(songs).toHaveLength(1);
  return songs[0]!;
}

async function album(id: string): Promise<AlbumDetail> {
  const res = await t.app.inject({ url: `/api/user/albums/${id}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AlbumDetail }>().data;
}

async function lyricsOf(songId: string): Promise<SongLyrics | null> {
  const res = await t.app.inject({
    url: `/api/user/songs/${songId}/lyrics`,
    headers: admin.headers,
  });
  return res.json<{ data: { lyrics: SongLyrics | null } }>().data.lyrics;
}

async function editedFields(table: 'songs' | 'albums', id: string): Promise<string[]> {
  const row = await t.database.db
    .selectFrom(table)
    .select('edited_fields')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.edited_fields === null ? [] : (JSON.parse(row.edited_fields) as string[]);
}

/** Scans one file, then edits its song and its album by hand. */
async function scannedAndEdited(file: string): Promise<Song> {
  fs.writeFileSync(file, mp3('From Tags', '1'));
  await scan();
  const scanned = await onlySong();
  const songEdit = await injectForm(
    t.app,
    { method: 'PUT', url: `/api/admin/songs/${scanned._id}`, headers: admin.headers },
    {
      title: 'Typed Title',
      trackNumber: '7',
      artists: JSON.stringify([
        { name: 'The Scanners', role: 'main' },
        { name: 'A Guest', role: 'featured' },
      ]),
      lyrics: 'Typed words',
    },
  );
  expect(songEdit.statusCode, songEdit.body).toBe(200);
  const albumEdit = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/albums/${scanned.albumId}`,
    headers: admin.headers,
    payload: { title: 'Typed Album', genres: ['Post-Rock'] },
  });
  expect(albumEdit.statusCode, albumEdit.body).toBe(200);
  return onlySong();
}

describe('edits by hand and the scan', () => {
  it('survive a scan of the unchanged file, which is not read again', async () => {
    const file = path.join(music, 'Song.mp3');
    const edited = await scannedAndEdited(file);
    const importer = t.services.libraryImporter;
    const reads = [vi.spyOn(importer, 'importFile'), vi.spyOn(importer, 'reimportFile')];

    const status = await scan();

    expect(status).toMatchObject({ seen: 1, unchanged: 1, updated: 0, replacedEdits: [] });
    for (const read of reads) expect(read).not.toHaveBeenCalled();
    expect(await onlySong()).toEqual(edited);
    expect(edited).toMatchObject({
      title: 'Typed Title',
      album: 'Typed Album',
      trackNumber: 7,
      displayArtist: 'The Scanners feat. A Guest',
      genres: [{ _id: expect.any(String), name: 'Post-Rock' }],
    });
    expect((await lyricsOf(edited._id))?.source).toBe('edited');
    expect(await editedFields('songs', edited._id)).toEqual([
      'artists',
      'genres',
      'lyrics',
      'title',
      'trackNumber',
    ]);
  });

  it('are replaced by a changed file’s tags, and the scan lists them', async () => {
    const file = path.join(music, 'Song.mp3');
    const edited = await scannedAndEdited(file);

    fs.writeFileSync(file, mp3('Retagged', '3'));
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(file, later, later);
    const status = await scan();

    expect(status).toMatchObject({ seen: 1, updated: 1, errorCount: 0 });
    expect(status.replacedEdits).toEqual([
      { path: file, fields: ['artists', 'genres', 'lyrics', 'title', 'trackNumber'] },
    ]);
    const song = await onlySong();
    expect(song).toMatchObject({
      _id: edited._id,
      title: 'Retagged',
      trackNumber: 3,
      displayArtist: 'The Scanners',
      genres: [{ _id: expect.any(String), name: 'Rock' }],
      // The album found by its group key keeps the title set by hand.
      albumId: edited.albumId,
      album: 'Typed Album',
    });
    expect(await lyricsOf(song._id)).toBeNull();
    expect(await editedFields('songs', song._id)).toEqual([]);
    expect((await album(song.albumId ?? '')).title).toBe('Typed Album');
    expect(await editedFields('albums', song.albumId ?? '')).toEqual(['genres', 'title']);

    // Nothing left to replace the next time.
    expect(await scan()).toMatchObject({ unchanged: 1, replacedEdits: [] });
  });
});
