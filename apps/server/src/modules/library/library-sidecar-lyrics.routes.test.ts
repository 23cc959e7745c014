import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { libraryMessages } from '@cadenza/contract/library';
import { MAX_LYRICS_BYTES, type SongLyrics } from '@cadenza/contract/lyrics';
import type { Song } from '@cadenza/contract/songs';
import { untaggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { scanLibrary } from '../../../test/library-scans';
import { createApiKey, restBoth } from '../../../test/subsonic';
import { id3LyricsFrame, id3Tag, id3TextFrame } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let music: string;
let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;

beforeEach(async () => {
  music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-music-'));
  t = await createTestApp({ env: { MUSIC_DIR: music } });
  admin = await createAdmin(t);
  listener = await createUser(t);
});
afterEach(async () => {
  await t.close();
  fs.rmSync(music, { recursive: true, force: true });
});

const scan = () => scanLibrary(t, admin);

/** A real MP3 whose ID3 tag names it. */
function mp3(title: string): Buffer {
  const tag = id3Tag(3, [id3TextFrame(3, 'TIT2', title), id3TextFrame(3, 'TPE1', 'Singer')]);
  return Buffer.concat([tag, untaggedMp3()]);
}

/** `mp3`, its tag holding these words as lyrics (USLT). */
function mp3WithLyrics(title: string, words: string): Buffer {
  const tag = id3Tag(3, [
    id3TextFrame(3, 'TIT2', title),
    id3TextFrame(3, 'TPE1', 'Singer'),
    id3LyricsFrame(words),
  ]);
  return Buffer.concat([tag, untaggedMp3()]);
}

function put(relative: string, bytes: Buffer | string, mtime?: Date): string {
  const file = path.join(music, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  if (mtime) fs.utimesSync(file, mtime, mtime);
  return file;
}

async function onlySong(): Promise<Song> {
  const res = await t.app.inject({ url: '/api/admin/songs?limit=10', headers: admin.headers });
  const songs = res.json<{ data: Song[] }>().data;
  expect(songs).toHaveLength(1);
  return songs[0]!;
}

async function lyricsOf(songId: string): Promise<SongLyrics | null> {
  const res = await t.app.inject({
    url: `/api/user/songs/${songId}/lyrics`,
    headers: listener.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { lyrics: SongLyrics | null } }>().data.lyrics;
}

const LRC = '[ar:Singer]\n[00:01.50]First line\n[00:03.00]Second line';
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('a .lrc beside an audio file', () => {
  it('is read with it: synced lines, from the sidecar, for the web and for /rest', async () => {
    put('Album/03 - Song.mp3', mp3('Song'));
    put('Album/03 - Song.lrc', LRC);

    expect(await scan()).toMatchObject({ added: 1, errorCount: 0 });

    const song = await onlySong();
    expect(await lyricsOf(song._id)).toMatchObject({
      synced: true,
      source: 'sidecar',
      lines: [
        { start: 1500, value: 'First line' },
        { start: 3000, value: 'Second line' },
      ],
    });
    const apiKey = await createApiKey(t, listener);
    const answer = await restBoth(t, 'getLyricsBySongId', {
      apiKey,
      c: 'test',
      id: `tr-${song._id}`,
    });
    expect(answer.lyricsList).toEqual({
      structuredLyrics: [
        {
          displayArtist: 'Singer',
          displayTitle: 'Song',
          lang: 'xxx',
          synced: true,
          offset: 0,
          line: [
            { start: 1500, value: 'First line' },
            { start: 3000, value: 'Second line' },
          ],
        },
      ],
    });
    // The older call, by artist and title, answers the same lines as text.
    const byName = await restBoth(t, 'getLyrics', {
      apiKey,
      c: 'test',
      artist: 'singer',
      title: 'song',
    });
    expect(byName.lyrics).toEqual({
      artist: 'Singer',
      title: 'Song',
      value: 'First line\nSecond line',
    });
  });

  it('reads a .lrc put beside a file scanned before, the file itself unchanged', async () => {
    put('Late.mp3', mp3('Late'));
    expect(await scan()).toMatchObject({ added: 1 });
    const song = await onlySong();
    expect(await lyricsOf(song._id)).toBeNull();

    put('Late.lrc', '[00:04.00]Came later');
    expect(await scan()).toMatchObject({ added: 0, errorCount: 0 });
    expect(await lyricsOf(song._id)).toMatchObject({
      source: 'sidecar',
      lines: [{ start: 4000, value: 'Came later' }],
    });
  });

  it('follows a change of the .lrc alone, and its removal, leaving the song otherwise be', async () => {
    put('Song.mp3', mp3('Song'));
    const lrc = put('Song.lrc', LRC);
    await scan();
    const before = await onlySong();

    put('Song.lrc', '[00:02.00]Rewritten', later(5));
    expect(await scan()).toMatchObject({ seen: 1, updated: 1, unchanged: 0, errorCount: 0 });
    const after = await onlySong();
    expect(after).toEqual(before);
    expect((await lyricsOf(after._id))?.lines).toEqual([{ start: 2000, value: 'Rewritten' }]);

    expect(await scan()).toMatchObject({ seen: 1, updated: 0, unchanged: 1 });

    fs.rmSync(lrc);
    expect(await scan()).toMatchObject({ seen: 1, updated: 1, errorCount: 0 });
    expect(await lyricsOf(after._id)).toBeNull();
    expect(await onlySong()).toEqual(before);
  });

  it('keeps the word timings of enhanced LRC', async () => {
    put('Song.mp3', mp3('Song'));
    put('Song.lrc', '[00:01.00]<00:01.00>Hello <00:01.50>world');
    await scan();

    expect((await lyricsOf((await onlySong())._id))?.lines).toEqual([
      {
        start: 1000,
        value: 'Hello world',
        words: [
          { start: 1000, value: 'Hello ' },
          { start: 1500, value: 'world' },
        ],
      },
    ]);
  });

  it('matches the base name exactly, the ending in any case; reads a BOM and Latin-1', async () => {
    put('One.mp3', mp3('One'));
    put('One.LRC', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[00:01.00]Ünï')]));
    put('Two.mp3', mp3('Two'));
    put('Two.lrc', Buffer.from('[00:01.00]Caf\u00e9 cr\u00e8me', 'latin1'));
    put('one.lrc', '[00:01.00]Not this one');
    await scan();

    const res = await t.app.inject({ url: '/api/admin/songs?limit=10', headers: admin.headers });
    const byTitle = new Map(res.json<{ data: Song[] }>().data.map((song) => [song.title, song]));
    expect((await lyricsOf(byTitle.get('One')!._id))?.lines).toEqual([
      { start: 1000, value: 'Ünï' },
    ]);
    expect((await lyricsOf(byTitle.get('Two')!._id))?.lines).toEqual([
      { start: 1000, value: 'Café crème' },
    ]);
  });

  it('lists a .lrc over 256 KB, keeps none of it, and takes the audio file', async () => {
    put('Song.mp3', mp3('Song'));
    const lrc = put('Song.lrc', `[00:01.00]${'x'.repeat(MAX_LYRICS_BYTES)}`);

    const status = await scan();

    expect(status).toMatchObject({ added: 1, errorCount: 1 });
    expect(status.errors).toEqual([{ path: lrc, message: libraryMessages.lyricsTooLarge }]);
    expect(await lyricsOf((await onlySong())._id)).toBeNull();
    // Listed again until it is fixed.
    expect(await scan()).toMatchObject({ unchanged: 1, errorCount: 1 });
    put('Song.lrc', LRC, later(5));
    expect(await scan()).toMatchObject({ updated: 1, errorCount: 0 });
    expect((await lyricsOf((await onlySong())._id))?.source).toBe('sidecar');
  });

  it('replaces lyrics set by hand when it changes, and says so', async () => {
    put('Song.mp3', mp3('Song'));
    const lrc = put('Song.lrc', LRC);
    await scan();
    const song = await onlySong();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/songs/${song._id}/lyrics`,
      headers: admin.headers,
      payload: { text: 'Typed by hand' },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    expect(await scan()).toMatchObject({ unchanged: 1, replacedEdits: [] });
    expect((await lyricsOf(song._id))?.source).toBe('edited');

    put('Song.lrc', '[00:02.00]New file', later(5));
    const status = await scan();
    expect(status).toMatchObject({ updated: 1 });
    expect(status.replacedEdits).toEqual([{ path: lrc, fields: ['lyrics'] }]);
    expect(await lyricsOf(song._id)).toMatchObject({
      source: 'sidecar',
      lines: [{ start: 2000, value: 'New file' }],
    });
  });

  it('stays when its audio file changes, beside the lyrics the new tags hold', async () => {
    put('Song.mp3', mp3WithLyrics('Song', 'Old words'));
    put('Song.lrc', LRC);
    await scan();
    const song = await onlySong();

    put('Song.mp3', mp3WithLyrics('Song', 'New words'), later(5));
    expect(await scan()).toMatchObject({ updated: 1, errorCount: 0 });

    // The synced lyrics of the .lrc are shown first; the tag's new words are kept beside them.
    expect(await lyricsOf(song._id)).toMatchObject({ source: 'sidecar', synced: true });
    const answer = await restBoth(t, 'getLyricsBySongId', {
      apiKey: await createApiKey(t, listener),
      c: 'test',
      id: `tr-${song._id}`,
    });
    const lyrics = (
      answer.lyricsList as {
        structuredLyrics: Array<{ synced: boolean; line: Array<{ value: string }> }>;
      }
    ).structuredLyrics;
    expect(lyrics.map((entry) => [entry.synced, entry.line.map((line) => line.value)])).toEqual([
      [true, ['First line', 'Second line']],
      [false, ['New words']],
    ]);
  });
});

describe('lyrics in an audio file’s tags', () => {
  it('are not kept over 256 KB, and the file is taken all the same', async () => {
    const words = 'la '.repeat(Math.ceil(MAX_LYRICS_BYTES / 3) + 10);
    put('Long.mp3', mp3WithLyrics('Long', words));
    expect(await scan()).toMatchObject({ added: 1, errorCount: 0 });
    const song = await onlySong();
    expect(song.title).toBe('Long');
    expect(await lyricsOf(song._id)).toBeNull();
  });
});
