import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SongLyrics } from '@cadenza/contract/lyrics';
import type { Song } from '@cadenza/contract/songs';
import { untaggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { scanLibrary } from '../../../test/library-scans';
import { createApiKey, restBoth } from '../../../test/subsonic';
import {
  FLAC_VORBIS_COMMENT,
  flacWithMetadata,
  id3LyricsFrame,
  id3SyncedLyricsFrame,
  id3Tag,
  id3TextFrame,
  mp4WithLyrics,
  vorbisComment,
} from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Every source of lyrics a scanned folder holds, each read by the scan and answered alike. */

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/audio', name));
const LRC = '[00:01.00]One\n[00:02.00]Two';

let music: string;
let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
let apiKey: string;
let songs: Song[];

beforeAll(async () => {
  music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-lyrics-scan-'));
  const titled = (title: string, frames: Buffer[] = []) =>
    Buffer.concat([id3Tag(3, [id3TextFrame(3, 'TIT2', title), ...frames]), untaggedMp3()]);
  const files: Record<string, Buffer | string> = {
    'uslt.mp3': titled('Unsynced frame', [id3LyricsFrame('Plain words')]),
    'sylt.mp3': titled('Synced frame', [
      id3SyncedLyricsFrame([
        [1000, 'One'],
        [2000, 'Two'],
      ]),
    ]),
    'comment.flac': flacWithMetadata(fixture('streamed.flac'), [
      [FLAC_VORBIS_COMMENT, vorbisComment({ TITLE: 'Flac comment', LYRICS: LRC })],
    ]),
    'atom.m4a': mp4WithLyrics(fixture('aac-lc.m4a'), LRC),
    'beside.mp3': titled('Beside'),
    'beside.lrc': LRC,
  };
  for (const [name, bytes] of Object.entries(files))
    fs.writeFileSync(path.join(music, name), bytes);
  t = await createTestApp({ env: { MUSIC_DIR: music } });
  admin = await createAdmin(t);
  listener = await createUser(t);
  apiKey = await createApiKey(t, listener);
});

/** The scan runs once, inside the first test that needs it (it waits with `expect.poll`). */
let scanned: Promise<void> | undefined;
function scannedOnce(): Promise<void> {
  scanned ??= (async () => {
    const status = await scanLibrary(t, admin);
    expect(status.errors).toEqual([]);
    const res = await t.app.inject({ url: '/api/admin/songs?limit=20', headers: admin.headers });
    songs = res.json<{ data: Song[] }>().data;
  })();
  return scanned;
}
afterAll(async () => {
  await t.close();
  fs.rmSync(music, { recursive: true, force: true });
});

function songNamed(title: string): Song {
  const song = songs.find((candidate) => candidate.title === title);
  if (!song) throw new Error(`${title} was not scanned: ${songs.map((s) => s.title).join(', ')}`);
  return song;
}

async function lyricsOf(title: string): Promise<SongLyrics | null> {
  const res = await t.app.inject({
    url: `/api/user/songs/${songNamed(title)._id}/lyrics`,
    headers: listener.headers,
  });
  return res.json<{ data: { lyrics: SongLyrics | null } }>().data.lyrics;
}

describe('lyrics read by a scan', () => {
  it.each([
    ['Synced frame', 'embedded'],
    ['Flac comment', 'embedded'],
    // An M4A without a title tag is named after its file.
    ['atom', 'embedded'],
    ['Beside', 'sidecar'],
  ])('reads the synced lyrics of %s (%s), for the web and for /rest', async (title, source) => {
    await scannedOnce();
    expect(await lyricsOf(title)).toMatchObject({
      synced: true,
      source,
      lines: [
        { start: 1000, value: 'One' },
        { start: 2000, value: 'Two' },
      ],
    });
    const answer = await restBoth(t, 'getLyricsBySongId', {
      apiKey,
      c: 'test',
      id: `tr-${songNamed(title)._id}`,
    });
    const [first] = (answer.lyricsList as { structuredLyrics: unknown[] }).structuredLyrics;
    expect(first).toMatchObject({
      synced: true,
      line: [
        { start: 1000, value: 'One' },
        { start: 2000, value: 'Two' },
      ],
    });
  });

  it('reads plain lyrics from a USLT frame', async () => {
    await scannedOnce();
    expect(await lyricsOf('Unsynced frame')).toMatchObject({
      synced: false,
      lines: [{ start: null, value: 'Plain words' }],
    });
  });
});
