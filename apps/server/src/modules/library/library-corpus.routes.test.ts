import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryMessages, libraryUploadResultSchema } from '@cadenza/contract/library';
import { audioFixture } from '../../../test/audio-corpus';
import { AUDIO_CORPUS, type CorpusOutcome } from '../../../test/audio-corpus-outcomes';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { skipWithoutFfmpeg } from '../../../test/ffmpeg';
import { scanLibrary } from '../../../test/library-scans';
import { injectForm } from '../../../test/multipart';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { SongRecord } from '../songs/song-record';
import { SongsRepository } from '../songs/songs.repository';

/**
 * The audio corpus (test/fixtures/audio) through the library's two ways in, the upload and the
 * scan of a music folder, with and without ffmpeg: what Chromium plays comes in as it is, with
 * its length; what it does not is refused by name, or taken when ffmpeg can transcode it; a
 * damaged file is refused either way.
 */

const FILES = Object.entries(AUDIO_CORPUS);

/** What the import makes of a file: a song of this length, or a 415 with this message. */
type Expected = { readonly durationMs: number } | { readonly message: string };

function expected(outcome: CorpusOutcome, transcodes: boolean): Expected {
  if ('refusal' in outcome) return { message: outcome.refusal };
  if (outcome.plays || transcodes) return { durationMs: outcome.durationMs };
  return { message: libraryMessages.unsupportedCodec(outcome.encoding) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function songWith(t: TestApp, bytes: Buffer): Promise<SongRecord | null> {
  return new SongsRepository(t.database.db).findBySha256(sha256(bytes));
}

/** A song as the corpus expects it: its length, and whether it plays as it is. */
function expectSong(song: SongRecord | null, outcome: CorpusOutcome, durationMs: number): void {
  expect(song).not.toBeNull();
  // Lengths are read to the millisecond, and rounded to it.
  expect(Math.abs((song?.durationMs ?? 0) - durationMs)).toBeLessThanOrEqual(1);
  expect(song?.duration).toBe(Math.max(1, Math.round(durationMs / 1000)));
  expect(song?.playableAsIs).toBe(outcome.plays);
}

function uploadsOf(transcodes: boolean) {
  let t: TestApp;
  let admin: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(transcodes ? { env: { PATH: process.env.PATH ?? '' } } : {});
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  it.each(FILES)('%s', async (file, outcome) => {
    const bytes = audioFixture(file);
    const response = await injectForm(
      t.app,
      { method: 'POST', url: '/api/admin/library/uploads', headers: admin.headers },
      { file: { filename: file, contentType: 'application/octet-stream', content: bytes } },
    );
    const wanted = expected(outcome, transcodes);
    if ('message' in wanted) {
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json<{ message: string }>().message).toBe(wanted.message);
      expect(await songWith(t, bytes)).toBeNull();
      return;
    }
    expect(response.statusCode, response.body).toBe(201);
    expect(libraryUploadResultSchema.parse(response.json<{ data: unknown }>().data).outcome).toBe(
      'added',
    );
    expectSong(await songWith(t, bytes), outcome, wanted.durationMs);
  });
}

function scanOf(transcodes: boolean) {
  let music: string;
  let t: TestApp;
  let admin: CreatedUser;

  beforeAll(async () => {
    music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-corpus-'));
    for (const [file] of FILES) fs.writeFileSync(path.join(music, file), audioFixture(file));
    t = await createTestApp({
      env: { MUSIC_DIR: music, ...(transcodes ? { PATH: process.env.PATH ?? '' } : {}) },
    });
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(music, { recursive: true, force: true });
  });

  const scan = () => scanLibrary(t, admin);

  // A scan looks at audio files only: it passes the text file over.
  const scanned = FILES.filter(([file]) => !file.endsWith('.txt'));

  it('takes or refuses each file as an upload does', async () => {
    const status = await scan();
    const refusals = new Map(status.errors.map((error) => [path.basename(error.path), error]));
    for (const [file, outcome] of scanned) {
      const wanted = expected(outcome, transcodes);
      const song = await songWith(t, audioFixture(file));
      if ('message' in wanted) {
        expect(refusals.get(file)?.message, file).toBe(wanted.message);
        expect(song, file).toBeNull();
      } else {
        expect(refusals.get(file), file).toBeUndefined();
        expectSong(song, outcome, wanted.durationMs);
      }
    }
    expect(status.seen).toBe(scanned.length);
  });
}

describe('the audio corpus without ffmpeg', () => {
  describe('uploaded', () => uploadsOf(false));
  describe('scanned', () => scanOf(false));
});

describe.skipIf(skipWithoutFfmpeg)('the audio corpus with ffmpeg', () => {
  describe('uploaded', () => uploadsOf(true));
  describe('scanned', () => scanOf(true));
});
