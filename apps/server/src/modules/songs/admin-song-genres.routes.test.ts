import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Song } from '@cadenza/contract/songs';
import { MAX_GENRE_LENGTH, MAX_SONG_GENRES, tagGenreMessages } from '@cadenza/contract/tag-genres';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { mp3Bytes } from '../../../test/media-bytes';
import { injectForm } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** The admin song form sets a song's tag genres beside the one of the seven it is filed under. */

let t: TestApp;
let admin: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const names = (song: Song) => song.genres.map((genre) => genre.name);
const audioFile = { filename: 'song.mp3', contentType: 'audio/mpeg', content: mp3Bytes() };

function addSong(fields: Record<string, string | readonly string[]>) {
  return injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
    {
      title: 'Form Song',
      artist: 'Form Artist',
      genre: 'rock',
      duration: '30',
      ...fields,
      audioFile,
    },
  );
}

function editSong(id: string, fields: Record<string, string | readonly string[]>) {
  return injectForm(
    t.app,
    { method: 'PUT', url: `/api/admin/songs/${id}`, headers: admin.headers },
    fields,
  );
}

async function songCount(): Promise<number> {
  const res = await t.app.inject({ url: '/api/admin/songs?limit=100', headers: admin.headers });
  return res.json<{ data: Song[] }>().data.length;
}

describe('the song form’s genres', () => {
  it('adds a song with the genres typed, as a JSON list or as repeated fields', async () => {
    const json = await addSong({ genres: JSON.stringify(['Math Rock', 'Post-Rock']) });
    expect(json.statusCode, json.body).toBe(201);
    const song = json.json<{ data: Song }>().data;
    expect(names(song)).toEqual(['Math Rock', 'Post-Rock']);
    // The seven-genre select is its own field.
    expect(song.genre).toBe('rock');
    const repeated = await addSong({ genres: ['Shoegaze', 'shoegaze', 'Dream Pop'] });
    expect(repeated.statusCode, repeated.body).toBe(201);
    expect(names(repeated.json<{ data: Song }>().data)).toEqual(['Shoegaze', 'Dream Pop']);
  });

  it('gives a song added without genres its filed genre’s name', async () => {
    const res = await addSong({});
    expect(res.statusCode, res.body).toBe(201);
    expect(names(res.json<{ data: Song }>().data)).toEqual(['Rock']);
  });

  it('replaces a song’s genres on an edit, leaves them without one, and keeps its filed genre', async () => {
    const { song } = await createSong(t, { genre: 'jazz', tags: { genres: ['Bebop'] } });
    const edited = await editSong(song._id, { genres: JSON.stringify(['Cool Jazz', 'Modal']) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(names(edited.json<{ data: Song }>().data)).toEqual(['Cool Jazz', 'Modal']);
    expect(edited.json<{ data: Song }>().data.genre).toBe('jazz');
    const untouched = await editSong(song._id, { title: 'Renamed' });
    expect(names(untouched.json<{ data: Song }>().data)).toEqual(['Cool Jazz', 'Modal']);
    const cleared = await editSong(song._id, { genres: '[]' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(names(cleared.json<{ data: Song }>().data)).toEqual([]);
  });

  it('takes genres in a JSON body too', async () => {
    const { song } = await createSong(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/songs/${song._id}`,
      headers: admin.headers,
      payload: { genres: ['Lo-Fi'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res.json<{ data: Song }>().data)).toEqual(['Lo-Fi']);
  });
});

describe('the song form’s genre limits', () => {
  const tooLong = 'x'.repeat(MAX_GENRE_LENGTH + 1);
  const tooMany = Array.from({ length: MAX_SONG_GENRES + 1 }, (_, n) => `Genre ${n}`);

  it.each([
    ['a genre over the longest', [tooLong], tagGenreMessages.tooLong, 'genres.0'],
    ['more genres than a song has', tooMany, tagGenreMessages.tooMany, 'genres'],
    ['an empty genre', ['Jazz', '  '], tagGenreMessages.empty, 'genres.1'],
  ])('refuses %s with 400 and the field’s message', async (_case, genres, message, field) => {
    const { song } = await createSong(t);
    const edit = await editSong(song._id, { genres: JSON.stringify(genres) });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json()).toMatchObject({
      success: false,
      code: 'invalid_input',
      message,
      errors: [expect.objectContaining({ field, message })],
    });
    const before = await songCount();
    const add = await addSong({ genres: JSON.stringify(genres) });
    expect(add.statusCode, add.body).toBe(400);
    expect(add.json()).toMatchObject({ message });
    expect(await songCount()).toBe(before);
  });

  it('keeps a genre of exactly the longest length', async () => {
    const longest = 'y'.repeat(MAX_GENRE_LENGTH);
    const res = await addSong({ genres: JSON.stringify([longest]) });
    expect(res.statusCode, res.body).toBe(201);
    expect(names(res.json<{ data: Song }>().data)).toEqual([longest]);
  });

  it('refuses what is not a list of names, and NUL characters, with 400 (never 500)', async () => {
    const { song } = await createSong(t);
    // A field that does not start a JSON list is one genre's name; one that does must be one.
    for (const genres of [
      '["Jazz", ',
      '[1, 2]',
      '[{"name":"Jazz"}]',
      JSON.stringify(['Ja\u0000zz']),
    ]) {
      const res = await editSong(song._id, { genres });
      expect(res.statusCode, `${genres}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });
});
