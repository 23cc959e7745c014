import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Song } from '@cadenza/contract/songs';
import { audioFixture } from '../../../test/audio-corpus';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { skipWithoutFfmpeg } from '../../../test/ffmpeg';
import { scanLibrary } from '../../../test/library-scans';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe.skipIf(skipWithoutFfmpeg)('a library scanned again once ffmpeg is installed', () => {
  let music: string;
  let without: TestApp;
  let withFfmpeg: TestApp;
  let admin: CreatedUser;

  beforeAll(async () => {
    music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-music-'));
    fs.writeFileSync(path.join(music, 'alac.m4a'), audioFixture('alac.m4a'));
    fs.writeFileSync(path.join(music, 'pcm.aif'), audioFixture('pcm.aif'));
    // A server whose PATH holds no ffmpeg, then one on the same data and database with it.
    without = await createTestApp({ env: { MUSIC_DIR: music } });
    withFfmpeg = await createTestApp({
      nodeOf: without,
      env: { MUSIC_DIR: music, PATH: process.env.PATH ?? '' },
    });
    admin = await createAdmin(without);
  });
  afterAll(async () => {
    await withFfmpeg.close();
    await without.close();
    fs.rmSync(music, { recursive: true, force: true });
  });

  it('refuses the files browsers cannot play without it, and takes them in with it', async () => {
    const refused = await scanLibrary(without, admin);
    expect(refused).toMatchObject({ seen: 2, added: 0, errorCount: 2 });
    for (const error of refused.errors) {
      expect(error.message).toMatch(/install ffmpeg on the server to take it as it is\.$/);
    }

    const taken = await scanLibrary(withFfmpeg, admin);
    expect(taken).toMatchObject({ seen: 2, added: 2, errorCount: 0 });
    const res = await withFfmpeg.app.inject({
      url: '/api/admin/songs?limit=10',
      headers: admin.headers,
    });
    const songs = res.json<{ data: Song[] }>().data;
    expect(songs).toHaveLength(2);
    for (const song of songs) {
      expect(song.audioFile).toMatch(/&format=opus$/);
      const played = await withFfmpeg.app.inject({ url: song.audioFile });
      expect(played.headers['content-type']).toBe('audio/ogg');
    }
  });
});
