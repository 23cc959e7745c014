import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GENRE_LENGTH, MAX_SONG_GENRES } from '@cadenza/contract/tag-genres';
import type { Song } from '@cadenza/contract/songs';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { createApiKey, rest } from '../../../test/subsonic';
import { FLAC_VORBIS_COMMENT, flacWithMetadata, vorbisComment } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** A file's genre tag as a hostile or careless tagger writes it: a clear outcome, never a 500. */

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/audio', name));

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
});
afterAll(() => t.close());

async function uploadTagged(genre: string): Promise<Song> {
  const flac = flacWithMetadata(fixture('streamed.flac'), [
    [FLAC_VORBIS_COMMENT, vorbisComment({ TITLE: 'Tagged', ARTIST: 'Tagger', GENRE: genre })],
  ]);
  const res = await injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
    { audioFile: { filename: 'tagged.flac', contentType: 'audio/flac', content: flac } },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Song }>().data;
}

describe('genre tags a file should not have', () => {
  it(`keeps the first ${MAX_SONG_GENRES} of 200 genres, and none over ${MAX_GENRE_LENGTH} characters`, async () => {
    const names = Array.from({ length: 200 }, (_, n) => `Genre ${n}`);
    names.splice(1, 0, 'x'.repeat(MAX_GENRE_LENGTH + 1));
    const song = await uploadTagged(names.join('; '));
    expect(song.genres.map((genre) => genre.name)).toEqual(
      names.filter((name) => name.length <= MAX_GENRE_LENGTH).slice(0, MAX_SONG_GENRES),
    );
  });

  it('answers HTML in a genre as text: as written in JSON, escaped in XML', async () => {
    // No slash: a slash separates genres ("Rock/Pop").
    const html = '<b>Bold & <img src=x onerror=alert(1)>';
    const song = await uploadTagged(html);
    expect(song.genres.map((genre) => genre.name)).toEqual([html]);
    const apiKey = await createApiKey(t, listener);
    const xml = await rest(t, 'getSong', { apiKey, c: 'test', id: `tr-${song._id}` });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('genre="&lt;b&gt;Bold &amp; &lt;img src=x onerror=alert(1)&gt;"');
    expect(xml.body).not.toContain('<img');
  });
});
