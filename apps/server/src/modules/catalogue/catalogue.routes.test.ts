import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album, Artist } from '@cadenza/contract/catalogue';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { pngBytes } from '../../../test/media-files';
import { createSong, type CreatedSong, type SongOverrides } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let listener: CreatedUser;
let admin: CreatedUser;
const songs: Record<string, CreatedSong> = {};

const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second)).toISOString();

async function add(name: string, overrides: SongOverrides, plays = 0): Promise<void> {
  const created = await createSong(t, overrides);
  songs[name] = created;
  for (let play = 0; play < plays; play += 1) {
    const res = await call(`/api/user/songs/${created.song._id}/play`, 'POST');
    expect(res.statusCode).toBe(200);
  }
}

function song(name: string): CreatedSong {
  const found = songs[name];
  if (!found) throw new Error(`no song ${name}`);
  return found;
}

function call(url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', who = listener) {
  return t.app.inject({ method, url, headers: who.headers });
}

/** Every album of a listing, read `limit` at a time by following the cursors. */
async function readAll<T>(path: string, limit: number): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let pages = 0;
  let cursor: string | undefined;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url = `${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await call(url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: T[]; nextCursor?: string }>();
    items.push(...body.data);
    pages += 1;
    cursor = body.nextCursor;
  } while (cursor !== undefined && pages < 20);
  return { items, pages };
}

const label = (album: Album) => `${album.title} / ${album.artist.name}`;

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  admin = await createAdmin(t);
  // Added out of order: the album lists its tracks by disc, then track number.
  await add(
    'nightBefore',
    {
      title: 'The Night Before',
      artist: 'The Beatles',
      album: 'Help!',
      releaseYear: 1965,
      createdAt: at(10),
      tags: { trackNumber: 2, discNumber: 1 },
    },
    1,
  );
  await add(
    'help',
    {
      title: 'Help!',
      artist: 'the  beatles',
      album: ' HELP! ',
      releaseYear: 1965,
      createdAt: at(15),
      tags: { trackNumber: 1, discNumber: 1 },
    },
    2,
  );
  await add('bonus', {
    title: 'Bonus',
    artist: 'The Beatles',
    album: 'Help!',
    releaseYear: 1965,
    createdAt: at(17),
    tags: { trackNumber: 1, discNumber: 2 },
  });
  // One release id: one album, whatever the album texts say.
  await add('comeTogether', {
    title: 'Come Together',
    artist: 'The Beatles',
    album: 'Abbey Road',
    releaseYear: 1969,
    createdAt: at(20),
    cover: pngBytes('abbey road'),
    tags: { musicbrainzReleaseId: 'b8e8d0e6-0a8f-4b8e-9c4f-5a3c1d2e3f40' },
  });
  await add('something', {
    title: 'Something',
    artist: 'The Beatles',
    album: 'Abbey Road (2019 Mix)',
    releaseYear: 1969,
    createdAt: at(25),
    tags: { musicbrainzReleaseId: 'B8E8D0E6-0A8F-4B8E-9C4F-5A3C1D2E3F40' },
  });
  // The same title by two artists: two albums.
  await add(
    'queen',
    {
      title: 'Bohemian Rhapsody',
      artist: 'Queen',
      album: 'Greatest Hits',
      releaseYear: 1981,
      createdAt: at(30),
    },
    5,
  );
  await add(
    'abba',
    {
      title: 'Waterloo',
      artist: 'ABBA',
      album: 'Greatest Hits',
      releaseYear: 1992,
      createdAt: at(40),
    },
    1,
  );
  await add(
    'umbrella',
    {
      title: 'Umbrella',
      artist: 'Rihanna feat. Jay-Z',
      album: 'Good Girl Gone Bad',
      releaseYear: 2007,
      createdAt: at(50),
    },
    4,
  );
  await add('single', {
    title: 'Lonely Single',
    artist: 'Solo Act',
    album: null,
    releaseYear: null,
    createdAt: at(59),
  });
});
afterAll(() => t.close());

describe('GET /api/user/albums', () => {
  const expected = {
    newest: [
      'Lonely Single / Solo Act',
      'Good Girl Gone Bad / Rihanna',
      'Greatest Hits / ABBA',
      'Greatest Hits / Queen',
      'Abbey Road / The Beatles',
      'Help! / The Beatles',
    ],
    title: [
      'Abbey Road / The Beatles',
      'Good Girl Gone Bad / Rihanna',
      'Greatest Hits / Queen',
      'Greatest Hits / ABBA',
      'Help! / The Beatles',
      'Lonely Single / Solo Act',
    ],
    artist: [
      'Greatest Hits / ABBA',
      'Abbey Road / The Beatles',
      'Help! / The Beatles',
      'Greatest Hits / Queen',
      'Good Girl Gone Bad / Rihanna',
      'Lonely Single / Solo Act',
    ],
    year: [
      'Good Girl Gone Bad / Rihanna',
      'Greatest Hits / ABBA',
      'Greatest Hits / Queen',
      'Abbey Road / The Beatles',
      'Help! / The Beatles',
      'Lonely Single / Solo Act',
    ],
    most_played: [
      'Greatest Hits / Queen',
      'Good Girl Gone Bad / Rihanna',
      'Help! / The Beatles',
      'Greatest Hits / ABBA',
      'Lonely Single / Solo Act',
      'Abbey Road / The Beatles',
    ],
  };

  it.each(Object.entries(expected))(
    'sorts by %s, the same in one page as a page at a time',
    async (sort, order) => {
      const whole = await readAll<Album>(`/api/user/albums?sort=${sort}`, 100);
      expect(whole.pages).toBe(1);
      expect(whole.items.map(label)).toEqual(order);
      for (const limit of [1, 2, 4]) {
        const paged = await readAll<Album>(`/api/user/albums?sort=${sort}`, limit);
        expect(paged.items.map(label)).toEqual(order);
        expect(paged.pages).toBe(Math.ceil(order.length / limit));
      }
    },
  );

  it('is newest first without a sort, with counts, plays and the album artist', async () => {
    const res = await call('/api/user/albums');
    expect(res.statusCode).toBe(200);
    const help = res.json<{ data: Album[] }>().data.find((album) => album.title === 'Help!');
    expect(res.json().data.map(label)).toEqual(expected.newest);
    expect(help).toEqual({
      _id: expect.any(String),
      title: 'Help!',
      artist: { _id: expect.any(String), name: 'The Beatles' },
      year: 1965,
      genres: [{ _id: expect.any(String), name: 'Pop' }],
      coverImage: '/media/defaults/song.jpg',
      discCount: 2,
      songCount: 3,
      playCount: 3,
      createdAt: at(10),
      releaseTypes: [],
      isCompilation: false,
      releaseDate: null,
    });
  });

  it('answers 400 for an unknown sort and for cursors it did not write', async () => {
    const bad = await call('/api/user/albums?sort=loudest');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_input');
    for (const cursor of ['nonsense', Buffer.from('{"after":"nx"}').toString('base64url')]) {
      const res = await call(`/api/user/albums?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_cursor');
    }
    // A cursor of one order is not one of another.
    const first = await call('/api/user/albums?sort=title&limit=1');
    const cursor: string = first.json().nextCursor;
    const other = await call(`/api/user/albums?sort=year&cursor=${cursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('invalid_cursor');
  });

  it('is for signed-in listeners only', async () => {
    const res = await t.app.inject({ url: '/api/user/albums' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/user/albums/:id', () => {
  it('lists the tracks by disc, then track number, as songs', async () => {
    const albumId = song('help').song.albumId;
    expect(song('nightBefore').song.albumId).toBe(albumId);
    const res = await call(`/api/user/albums/${albumId}`);
    expect(res.statusCode).toBe(200);
    const album = res.json().data;
    expect(album).toMatchObject({ _id: albumId, title: 'Help!', discCount: 2, songCount: 3 });
    expect(album.songs.map((track: { title: string }) => track.title)).toEqual([
      'Help!',
      'The Night Before',
      'Bonus',
    ]);
    expect(album.songs[0]).toMatchObject({
      _id: song('help').song._id,
      artist: 'the  beatles',
      albumId,
      artists: [{ _id: album.artist._id, name: 'The Beatles' }],
      trackNumber: 1,
      discNumber: 1,
      durationMs: 180_000,
    });
  });

  it('groups by release id when tagged, whatever the album texts', async () => {
    const albumId = song('comeTogether').song.albumId;
    expect(song('something').song.albumId).toBe(albumId);
    const res = await call(`/api/user/albums/${albumId}`);
    expect(res.json().data).toMatchObject({ title: 'Abbey Road', songCount: 2 });
  });

  it('keeps albums of one title by different artists apart', () => {
    expect(song('queen').song.albumId).not.toBe(song('abba').song.albumId);
  });

  it('makes a song without album a single named after it', async () => {
    const res = await call(`/api/user/albums/${song('single').song.albumId}`);
    expect(res.json().data).toMatchObject({
      title: 'Lonely Single',
      artist: { name: 'Solo Act' },
      year: null,
      songCount: 1,
    });
  });

  it('answers 404 album_not_found for an unknown album, 400 for a malformed id', async () => {
    const missing = await call('/api/user/albums/01900000-0000-7000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'album_not_found', message: 'Album not found.' });
    const malformed = await call('/api/user/albums/not-an-id');
    expect(malformed.statusCode).toBe(400);
  });
});

describe('GET /api/user/artists', () => {
  it('lists artists by sort name with their album and song counts, a page at a time', async () => {
    const whole = await readAll<Artist>('/api/user/artists', 100);
    expect(whole.items.map((artist) => [artist.name, artist.albumCount, artist.songCount])).toEqual(
      [
        ['ABBA', 1, 1],
        ['The Beatles', 2, 5],
        ['Jay-Z', 0, 1],
        ['Queen', 1, 1],
        ['Rihanna', 1, 1],
        ['Solo Act', 1, 1],
      ],
    );
    expect(whole.items[1]?.sortName).toBe('Beatles, The');
    const paged = await readAll<Artist>('/api/user/artists', 4);
    expect(paged.items).toEqual(whole.items);
    expect(paged.pages).toBe(2);
  });

  it('answers 400 for a cursor it did not write', async () => {
    const albums = await call('/api/user/albums?limit=1');
    const res = await call(`/api/user/artists?cursor=${albums.json().nextCursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_cursor');
  });
});

describe('GET /api/user/artists/:id', () => {
  it('shows the albums newest first and the most played songs', async () => {
    const beatles = song('help').song.artists[0];
    const res = await call(`/api/user/artists/${beatles?._id}`);
    expect(res.statusCode).toBe(200);
    const artist = res.json().data;
    expect(artist).toMatchObject({ name: 'The Beatles', albumCount: 2, songCount: 5 });
    expect(artist.albums.map((album: Album) => album.title)).toEqual(['Abbey Road', 'Help!']);
    // Their picture: the newest album's cover.
    expect(artist.imageUrl).toMatch(/^\/media\/images\//);
    expect(artist.imageUrl).toBe(artist.albums[0].coverImage);
    expect(artist.topSongs.map((track: { title: string }) => track.title)).toEqual([
      'Help!',
      'The Night Before',
      'Something',
      'Come Together',
      'Bonus',
    ]);
  });

  it('credits featured artists on their songs', async () => {
    expect(song('umbrella').song.artists.map((artist) => artist.name)).toEqual([
      'Rihanna',
      'Jay-Z',
    ]);
    const jayZ = song('umbrella').song.artists[1];
    const res = await call(`/api/user/artists/${jayZ?._id}`);
    expect(res.json().data).toMatchObject({
      name: 'Jay-Z',
      albumCount: 0,
      albums: [],
      imageUrl: '/media/defaults/cover.jpg',
    });
    expect(res.json().data.topSongs.map((track: { title: string }) => track.title)).toEqual([
      'Umbrella',
    ]);
  });

  it('answers 404 artist_not_found for an unknown artist', async () => {
    const res = await call('/api/user/artists/01900000-0000-7000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'artist_not_found', message: 'Artist not found.' });
  });
});

describe('GET /api/user/search/all', () => {
  it('answers matching songs, albums and artists', async () => {
    const res = await call('/api/user/search/all?query=greatest');
    expect(res.statusCode).toBe(200);
    const { songs: found, albums, artists } = res.json().data;
    expect(albums.map(label)).toEqual(['Greatest Hits / Queen', 'Greatest Hits / ABBA']);
    expect(artists).toEqual([]);
    expect(found.map((track: { title: string }) => track.title).sort()).toEqual([
      'Bohemian Rhapsody',
      'Waterloo',
    ]);
  });

  it('finds artists by the start of a word of their name, case ignored', async () => {
    const res = await call('/api/user/search/all?query=JAY');
    expect(res.json().data.artists.map((artist: Artist) => artist.name)).toEqual(['Jay-Z']);
    const literal = await call('/api/user/search/all?query=%25');
    expect(literal.statusCode).toBe(200);
    expect(literal.json().data).toMatchObject({ albums: [], artists: [] });
  });

  it('refuses a blank query like the song search', async () => {
    const res = await call('/api/user/search/all?query=%20');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter something to search for.');
  });
});

describe('the last song of an album or artist', () => {
  it('takes the album and artist with it when deleted', async () => {
    const single = song('single').song;
    const soloId = single.artists[0]?._id;
    const deleted = await call(`/api/admin/songs/${single._id}`, 'DELETE', admin);
    expect(deleted.statusCode).toBe(200);
    const album = await call(`/api/user/albums/${single.albumId}`);
    expect(album.statusCode).toBe(404);
    const artist = await call(`/api/user/artists/${soloId}`);
    expect(artist.statusCode).toBe(404);
    // An album with other songs stays.
    const bonus = song('bonus').song;
    expect((await call(`/api/admin/songs/${bonus._id}`, 'DELETE', admin)).statusCode).toBe(200);
    const help = await call(`/api/user/albums/${bonus.albumId}`);
    expect(help.json().data).toMatchObject({ songCount: 2 });
  });
});

describe('a cursor whose album or artist has gone since', () => {
  const sorts = ['newest', 'title', 'artist', 'year', 'most_played'] as const;

  /** The cursor of the page that ends at the first item `isIt` picks, in a listing's order. */
  async function cursorAt<T>(path: string, isIt: (item: T) => boolean): Promise<string> {
    const whole = await readAll<T>(path, 100);
    const index = whole.items.findIndex(isIt);
    expect(index).toBeGreaterThanOrEqual(0);
    const separator = path.includes('?') ? '&' : '?';
    const res = await call(`${path}${separator}limit=${index + 1}`);
    const page = res.json<{ data: T[]; nextCursor?: string }>();
    expect(page.data.filter(isIt)).toHaveLength(1);
    expect(page.nextCursor).toBeDefined();
    return page.nextCursor!;
  }

  async function deleteSong(name: string): Promise<void> {
    const deleted = await call(`/api/admin/songs/${song(name).song._id}`, 'DELETE', admin);
    expect(deleted.statusCode).toBe(200);
  }

  it('is refused as one the server cannot use, in every order', async () => {
    // An album (and its artist) in the middle of every order.
    await add('fading', {
      title: 'Fade',
      artist: 'Fading Artist',
      album: 'Fading Away',
      releaseYear: 1975,
      createdAt: at(35),
    });
    const isFading = (album: Album) => album.title === 'Fading Away';
    const albumCursors = await Promise.all(
      sorts.map((sort) => cursorAt(`/api/user/albums?sort=${sort}`, isFading)),
    );
    const artistCursor = await cursorAt<Artist>(
      '/api/user/artists',
      (artist) => artist.name === 'Fading Artist',
    );
    // Good until the album goes.
    for (const [i, sort] of sorts.entries()) {
      const res = await call(`/api/user/albums?sort=${sort}&cursor=${albumCursors[i]}`);
      expect(res.statusCode, sort).toBe(200);
      expect(res.json().data.length, sort).toBeGreaterThan(0);
    }

    await deleteSong('fading');

    for (const [i, sort] of sorts.entries()) {
      const res = await call(`/api/user/albums?sort=${sort}&cursor=${albumCursors[i]}`);
      expect(res.statusCode, sort).toBe(400);
      expect(res.json().code, sort).toBe('invalid_cursor');
    }
    const artists = await call(`/api/user/artists?cursor=${artistCursor}`);
    expect(artists.statusCode).toBe(400);
    expect(artists.json().code).toBe('invalid_cursor');
  });

  it('still reads as the end of the list where every row after it has gone', async () => {
    // The last album by title, and the last artist.
    await add('last', { title: 'Last', artist: 'Zz Last', album: 'Zz Last', createdAt: at(36) });
    const albums = await readAll<Album>('/api/user/albums?sort=title', 100);
    const nextToLast = albums.items[albums.items.length - 2]!;
    const albumCursor = await cursorAt<Album>(
      '/api/user/albums?sort=title',
      (album) => album._id === nextToLast._id,
    );
    const artists = await readAll<Artist>('/api/user/artists', 100);
    expect(artists.items.at(-1)?.name).toBe('Zz Last');
    const nextToLastArtist = artists.items[artists.items.length - 2]!;
    const artistCursor = await cursorAt<Artist>(
      '/api/user/artists',
      (artist) => artist._id === nextToLastArtist._id,
    );

    await deleteSong('last');

    for (const url of [
      `/api/user/albums?sort=title&cursor=${albumCursor}`,
      `/api/user/artists?cursor=${artistCursor}`,
    ]) {
      const res = await call(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ success: true, data: [] });
    }
  });
});
