import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album, AlbumDetail, SearchAllResult } from '@cadenza/contract/catalogue';
import type { Song } from '@cadenza/contract/songs';
import type { TagGenre, TagGenreList } from '@cadenza/contract/tag-genres';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
import { FLAC_VORBIS_COMMENT, flacWithBlocks, vorbisComment } from '../../../test/tag-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Tag genres as listeners browse them: split and folded from the files, listed with their
 * counts, each with a page of albums and songs; found by the search. The seven filed genres keep
 * their own surfaces.
 */

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
const uploaded: Record<string, Song> = {};

function call(url: string, who: CreatedUser | null = listener) {
  return t.app.inject({ url, headers: who?.headers ?? {} });
}

async function upload(title: string, tags: Record<string, string>): Promise<Song> {
  const flac = flacWithBlocks(3, [
    [FLAC_VORBIS_COMMENT, vorbisComment({ TITLE: title, ARTIST: 'Tag Band', ...tags })],
  ]);
  const res = await injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
    { audioFile: { filename: `${title}.flac`, contentType: 'audio/flac', content: flac } },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Song }>().data;
}

async function genres(): Promise<TagGenre[]> {
  const res = await call('/api/user/genres');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TagGenreList }>().data.genres;
}

async function genreNamed(name: string): Promise<TagGenre> {
  const genre = (await genres()).find((candidate) => candidate.name === name);
  if (!genre) throw new Error(`no genre ${name}`);
  return genre;
}

const names = (list: ReadonlyArray<{ name: string }>) => list.map((genre) => genre.name);

/** Every item of a paged route, `limit` at a time, following the cursors. */
async function readAll<T>(path: string, limit: number): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let pages = 0;
  let cursor: string | undefined;
  do {
    const res = await call(`${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: T[]; nextCursor?: string }>();
    items.push(...body.data);
    pages += 1;
    cursor = body.nextCursor;
  } while (cursor !== undefined && pages < 20);
  return { items, pages };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
  uploaded.fusion = await upload('Fusion Night', { GENRE: 'Jazz; Fusion', ALBUM: 'Night Tapes' });
  uploaded.songwriter = await upload('Quiet Words', { GENRE: 'Singer-Songwriter' });
  await createSong(t, {
    title: 'Neon One',
    artist: 'Idol Unit',
    album: 'Neon',
    genre: 'pop',
    tags: { genres: ['j-pop'] },
  });
  await createSong(t, {
    title: 'Neon Two',
    artist: 'Idol Unit',
    album: 'Neon',
    genre: 'pop',
    tags: { genres: ['J-Pop', 'Dance'] },
  });
  await createSong(t, {
    title: 'Other Neon',
    artist: 'Second Unit',
    album: 'Lights',
    genre: 'pop',
    tags: { genres: ['J-POP '] },
  });
  // Filed under jazz without a tag genre of its own: its tag genre is its filed genre's name.
  await createSong(t, { title: 'Standard', artist: 'Trio', album: 'Standards', genre: 'jazz' });
  // Filed under "other" with no tag genre: no tag genre at all.
  await createSong(t, { title: 'Unsorted', artist: 'Nobody', album: null, genre: 'other' });
});
afterAll(() => t.close());

describe('tag genres from the files', () => {
  it('splits "Jazz; Fusion" into two genres, in order, and files the song under jazz', () => {
    expect(names(uploaded.fusion!.genres)).toEqual(['Jazz', 'Fusion']);
    expect(uploaded.fusion!.genre).toBe('jazz');
  });

  it('keeps "Singer-Songwriter" whole, filing the song under other', () => {
    expect(names(uploaded.songwriter!.genres)).toEqual(['Singer-Songwriter']);
    expect(uploaded.songwriter!.genre).toBe('other');
  });

  it('folds "j-pop", "J-Pop" and "J-POP " into one genre, shown as first written', async () => {
    const listed = await genres();
    expect(listed.filter((genre) => genre.name.toLowerCase() === 'j-pop')).toEqual([
      { _id: expect.any(String), name: 'j-pop', songCount: 3, albumCount: 2 },
    ]);
    const res = await call('/api/user/songs');
    const songs = res.json<{ data: Song[] }>().data;
    const neonTwo = songs.find((song) => song.title === 'Neon Two');
    expect(neonTwo?.genres).toEqual([
      { _id: (await genreNamed('j-pop'))._id, name: 'j-pop' },
      { _id: (await genreNamed('Dance'))._id, name: 'Dance' },
    ]);
  });
});

describe('GET /api/user/genres', () => {
  it('lists every genre with songs, by name (case ignored), with song and album counts', async () => {
    expect(await genres()).toEqual([
      { _id: expect.any(String), name: 'Dance', songCount: 1, albumCount: 1 },
      { _id: expect.any(String), name: 'Fusion', songCount: 1, albumCount: 1 },
      { _id: expect.any(String), name: 'j-pop', songCount: 3, albumCount: 2 },
      { _id: expect.any(String), name: 'Jazz', songCount: 2, albumCount: 2 },
      { _id: expect.any(String), name: 'Singer-Songwriter', songCount: 1, albumCount: 1 },
    ]);
  });

  it('asks for a login', async () => {
    expect((await call('/api/user/genres', null)).statusCode).toBe(401);
  });
});

describe('a genre’s page', () => {
  it('answers the genre with its counts, and 404 genre_not_found for an unknown one', async () => {
    const jPop = await genreNamed('j-pop');
    const res = await call(`/api/user/genres/${jPop._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TagGenre }>().data).toEqual(jPop);
    const unknown = '01900000-0000-7000-8000-000000000000';
    for (const path of ['', '/albums', '/songs']) {
      const missing = await call(`/api/user/genres/${unknown}${path}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        code: 'genre_not_found',
        message: 'Genre not found.',
      });
    }
    expect((await call('/api/user/genres/not-an-id')).statusCode).toBe(400);
  });

  it('pages the genre’s albums by title and its songs newest added first', async () => {
    const jPop = await genreNamed('j-pop');
    const albums = await readAll<Album>(`/api/user/genres/${jPop._id}/albums`, 1);
    expect(albums.items.map((album) => album.title)).toEqual(['Lights', 'Neon']);
    expect(albums.pages).toBe(2);
    const songs = await readAll<Song>(`/api/user/genres/${jPop._id}/songs`, 2);
    expect(songs.items.map((song) => song.title)).toEqual(['Other Neon', 'Neon Two', 'Neon One']);
    expect(songs.pages).toBe(2);
  });

  it('answers 400 invalid_cursor for a cursor it did not write', async () => {
    const jPop = await genreNamed('j-pop');
    for (const path of ['albums', 'songs']) {
      const res = await call(`/api/user/genres/${jPop._id}/${path}?cursor=nonsense`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_cursor');
    }
    // A cursor of the album list by title is not one of a genre's albums.
    const byTitle = (await call('/api/user/albums?sort=title&limit=1')).json().nextCursor;
    const res = await call(`/api/user/genres/${jPop._id}/albums?cursor=${byTitle}`);
    expect(res.statusCode).toBe(400);
  });

  it('gives a song without a tag genre its filed genre’s name, and "other" none', async () => {
    const jazz = await genreNamed('Jazz');
    const songs = await readAll<Song>(`/api/user/genres/${jazz._id}/songs`, 10);
    // Newest added first: the factory's song was added after the upload.
    expect(songs.items.map((song) => song.title)).toEqual(['Standard', 'Fusion Night']);
    const all = (await call('/api/user/songs')).json<{ data: Song[] }>().data;
    expect(all.find((song) => song.title === 'Unsorted')?.genres).toEqual([]);
  });
});

describe('album JSON', () => {
  it('carries the genres of its songs, the most common first', async () => {
    const neon = (await call('/api/user/albums?sort=title')).json<{ data: Album[] }>().data;
    const album = neon.find((candidate) => candidate.title === 'Neon');
    expect(names(album?.genres ?? [])).toEqual(['j-pop', 'Dance']);
    const detail = await call(`/api/user/albums/${album?._id}`);
    const body = detail.json<{ data: AlbumDetail }>().data;
    expect(names(body.genres)).toEqual(['j-pop', 'Dance']);
    expect(body.songs.map((song) => names(song.genres))).toEqual([['j-pop'], ['j-pop', 'Dance']]);
  });
});

describe('the combined search', () => {
  it('answers the genres whose name holds the query, those it starts first', async () => {
    const res = await call(`/api/user/search/all?query=${encodeURIComponent('jazz')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: SearchAllResult }>().data.genres).toEqual([
      { _id: expect.any(String), name: 'Jazz', songCount: 2, albumCount: 2 },
    ]);
    const song = await call(`/api/user/search/all?query=${encodeURIComponent('song')}`);
    expect(names(song.json<{ data: SearchAllResult }>().data.genres)).toEqual([
      'Singer-Songwriter',
    ]);
    const pop = await call('/api/user/search/all?query=POP');
    expect(names(pop.json<{ data: SearchAllResult }>().data.genres)).toEqual(['j-pop']);
  });

  it('reads a query’s LIKE wildcards as text', async () => {
    for (const query of ['%', '_', 'j_pop']) {
      const res = await call(`/api/user/search/all?query=${encodeURIComponent(query)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: SearchAllResult }>().data.genres).toEqual([]);
    }
  });
});

describe('the seven filed genres', () => {
  it('still filter the song list and count the admin statistics', async () => {
    const jazz = await call('/api/user/songs?genre=jazz');
    expect(jazz.statusCode).toBe(200);
    expect(
      jazz
        .json<{ data: Song[] }>()
        .data.map((song) => song.title)
        .sort(),
    ).toEqual(['Fusion Night', 'Standard']);
    const stats = await call('/api/admin/stats', admin);
    expect(stats.statusCode, stats.body).toBe(200);
    const byGenre = stats.json<{ data: { songsByGenre: Array<{ _id: string; count: number }> } }>()
      .data.songsByGenre;
    expect(byGenre).toEqual(
      expect.arrayContaining([
        { _id: 'pop', count: 3 },
        { _id: 'jazz', count: 2 },
        { _id: 'other', count: 2 },
      ]),
    );
    for (const entry of byGenre) expect(['pop', 'jazz', 'other']).toContain(entry._id);
  });
});
