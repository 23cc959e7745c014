import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { pngBytes } from '../../../test/media-files';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, restBoth, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let listener: CreatedUser;
let auth: RestParams;
let blue: CreatedSong[];
let red: CreatedSong;
let lone: CreatedSong;

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  auth = { apiKey: await createApiKey(t, listener), c: 'browse-test', v: '1.16.1' };
  blue = [];
  for (const title of ['Alpha', 'Beta', 'Gamma']) {
    blue.push(
      await createSong(t, {
        title,
        artist: 'Blue Band',
        album: 'Blue Album',
        genre: 'jazz',
        releaseYear: 1999,
        cover: pngBytes('blue'),
      }),
    );
  }
  red = await createSong(t, {
    title: 'Red Song',
    artist: 'Red Singer',
    album: 'Red Album',
    genre: 'rock',
    releaseYear: 2010,
  });
  lone = await createSong(t, { title: 'Zulu', artist: '4 Tops', album: null, genre: 'rock' });
});
afterAll(() => t.close());

const tr = (song: CreatedSong) => `tr-${song.song._id}`;
const al = (song: CreatedSong) => `al-${song.song.albumId}`;
const ar = (song: CreatedSong) => `ar-${song.song.artists[0]?._id}`;
type Node = Record<string, unknown>;
const ids = (nodes: unknown) => (nodes as Node[]).map((node) => node.id);
const call = (endpoint: string, params: RestParams = {}) =>
  restBoth(t, endpoint, { ...auth, ...params });
const failure = async (endpoint: string, params: RestParams) => {
  const answer = await restJson(t, endpoint, { ...auth, ...params });
  expect(answer.status).toBe('failed');
  return (answer.error as { code: number }).code;
};

/** Takes a song out of the library as an admin does (a change to the catalogue). */
const removeSong = async (song: CreatedSong) => {
  const admin = await createAdmin(t);
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/admin/songs/${song.song._id}`,
    headers: admin.headers,
  });
  expect([200, 404]).toContain(res.statusCode);
};

describe('browsing by folder', () => {
  it('has one music folder', async () => {
    const answer = await call('getMusicFolders');
    expect(answer.musicFolders).toEqual({ musicFolder: [{ id: 1, name: 'Music' }] });
  });

  it('indexes album artists by letter, with # for the rest', async () => {
    // Its lastModified is the time of the answer: JSON and XML differ there.
    const answer = await restJson(t, 'getIndexes', auth);
    const index = (answer.indexes as { index: { name: string; artist: Node[] }[] }).index;
    expect(index.map((entry) => entry.name)).toEqual(['#', 'B', 'R']);
    expect(index[1]?.artist[0]).toMatchObject({
      id: ar(blue[0]!),
      name: 'Blue Band',
      albumCount: 1,
    });
  });

  it('names the article it files artists without, and answers no artists to a client up to date', async () => {
    const the = await createSong(t, { title: 'Whistle', artist: 'The Quiet Ones', album: 'Hush' });
    try {
      const first = (await restJson(t, 'getIndexes', auth)).indexes as {
        lastModified: number;
        ignoredArticles: string;
        index: { name: string; artist: Node[] }[];
      };
      expect(first.ignoredArticles).toBe('The');
      // "The Quiet Ones" is under Q, as the article it names says.
      const q = first.index.find((entry) => entry.name === 'Q');
      expect(q?.artist.map((artist) => artist.name)).toEqual(['The Quiet Ones']);
      expect(((await call('getArtists')).artists as Node).ignoredArticles).toBe('The');

      // Asked again with the time it was given: nothing changed, so no artists.
      const since = (params: RestParams) =>
        restJson(t, 'getIndexes', { ...auth, ...params }).then(
          (answer) => answer.indexes as { lastModified: number; index?: unknown[] },
        );
      const unchanged = await since({ ifModifiedSince: first.lastModified });
      expect(unchanged.lastModified).toBe(first.lastModified);
      expect(unchanged.index ?? []).toEqual([]);
      expect(
        (await since({ ifModifiedSince: first.lastModified + 86_400_000 })).index ?? [],
      ).toEqual([]);
      // An earlier time gets the whole index, as does one given after the catalogue changed.
      expect((await since({ ifModifiedSince: first.lastModified - 1 })).index).toHaveLength(
        first.index.length,
      );
      await removeSong(the);
      const after = await since({ ifModifiedSince: first.lastModified });
      expect(after.lastModified).toBeGreaterThanOrEqual(first.lastModified);
      expect(after.index?.length).toBe(first.index.length - 1);
    } finally {
      await removeSong(the);
    }
  });

  it('opens an artist as a folder of albums, and an album as a folder of songs', async () => {
    const artist = await call('getMusicDirectory', { id: ar(blue[0]!) });
    const albums = (artist.directory as { child: Node[] }).child;
    expect(albums).toEqual([
      expect.objectContaining({ id: al(blue[0]!), isDir: true, title: 'Blue Album' }),
    ]);
    const album = await call('getMusicDirectory', { id: al(blue[0]!) });
    expect(ids((album.directory as { child: Node[] }).child)).toEqual(blue.map(tr));
  });

  it('answers 70 for an unknown or malformed directory and 10 without an id', async () => {
    expect(
      await failure('getMusicDirectory', { id: 'al-01900000-0000-7000-8000-000000000000' }),
    ).toBe(70);
    expect(await failure('getMusicDirectory', { id: 'nonsense' })).toBe(70);
    expect(await failure('getMusicDirectory', {})).toBe(10);
  });
});

describe('browsing by tags', () => {
  it('lists artists, an artist with albums, an album with songs, and a song', async () => {
    const artists = await call('getArtists');
    expect((artists.artists as { index: unknown[] }).index).toHaveLength(3);

    const artist = (await call('getArtist', { id: ar(blue[0]!) })).artist as Node;
    expect(artist).toMatchObject({ name: 'Blue Band', albumCount: 1 });
    expect(ids(artist.album)).toEqual([al(blue[0]!)]);

    const album = (await call('getAlbum', { id: al(blue[0]!) })).album as Node;
    expect(album).toMatchObject({
      name: 'Blue Album',
      artist: 'Blue Band',
      artistId: ar(blue[0]!),
      songCount: 3,
      duration: 540,
      year: 1999,
    });
    expect(String(album.coverArt)).toMatch(/^co-/);
    expect(ids(album.song)).toEqual(blue.map(tr));

    const song = (await call('getSong', { id: tr(red) })).song as Node;
    expect(song).toMatchObject({
      id: tr(red),
      title: 'Red Song',
      album: 'Red Album',
      artist: 'Red Singer',
      // Its tag genre: a song whose file names none has its filed genre's name.
      genre: 'Rock',
      year: 2010,
      isDir: false,
      suffix: 'mp3',
      contentType: 'audio/mpeg',
      albumId: al(red),
      artistId: ar(red),
      type: 'music',
      coverArt: al(red),
    });
  });

  it('counts songs and albums by tag genre', async () => {
    const { genres } = await call('getGenres');
    expect((genres as { genre: Node[] }).genre).toEqual(
      expect.arrayContaining([
        { value: 'Jazz', songCount: 3, albumCount: 1 },
        { value: 'Rock', songCount: 2, albumCount: 2 },
      ]),
    );
  });

  it('answers what it knows of an artist or album, and 70 for unknown ones', async () => {
    // Red Singer's like: 4 Tops, who play Rock too.
    const info = (await call('getArtistInfo2', { id: ar(red) })).artistInfo2 as {
      similarArtist: Node[];
    };
    expect(ids(info.similarArtist)).toEqual([ar(lone)]);
    expect((await call('getArtistInfo', { id: ar(red), count: 0 })).artistInfo).toEqual({});
    expect((await call('getAlbumInfo2', { id: al(red) })).albumInfo).toEqual({});
    expect(await failure('getArtist', { id: 'ar-01900000-0000-7000-8000-000000000000' })).toBe(70);
    expect(await failure('getAlbum', { id: tr(red) })).toBe(70);
    expect(await failure('getSong', { id: al(red) })).toBe(70);
  });
});

describe('lists', () => {
  it('lists albums in each order and selection', async () => {
    const list = async (params: RestParams) =>
      ids(((await call('getAlbumList2', params)).albumList2 as { album: Node[] }).album);
    expect(await list({ type: 'alphabeticalByName' })).toEqual([al(blue[0]!), al(red), al(lone)]);
    expect(await list({ type: 'alphabeticalByName', size: 1, offset: 1 })).toEqual([al(red)]);
    expect(await list({ type: 'newest' })).toEqual([al(lone), al(red), al(blue[0]!)]);
    expect(await list({ type: 'byYear', fromYear: 2000, toYear: 2015 })).toEqual([al(red)]);
    expect(await list({ type: 'byYear', fromYear: 2030, toYear: 1990 })).toEqual([
      al(lone),
      al(red),
      al(blue[0]!),
    ]);
    expect(await list({ type: 'byGenre', genre: 'Jazz' })).toEqual([al(blue[0]!)]);
    const random = (await restJson(t, 'getAlbumList2', { ...auth, type: 'random' })).albumList2 as {
      album: Node[];
    };
    expect(ids(random.album).sort()).toEqual([al(blue[0]!), al(red), al(lone)].sort());
    expect(await list({ type: 'starred' })).toEqual([]);
    expect(await list({ type: 'recent' })).toEqual([]);
    // Top rated: the albums the listener rated, best first; unrated ones are not listed.
    expect(await list({ type: 'highest' })).toEqual([]);
    await call('setRating', { id: al(red), rating: 3 });
    await call('setRating', { id: al(lone), rating: 5 });
    expect(await list({ type: 'highest' })).toEqual([al(lone), al(red)]);
    await call('setRating', { id: al(lone), rating: 0 });
    expect(await list({ type: 'highest' })).toEqual([al(red)]);
    const dirs = (await call('getAlbumList', { type: 'newest', size: 1 })).albumList as {
      album: Node[];
    };
    expect(dirs.album[0]).toMatchObject({ id: al(lone), isDir: true });
    expect(await failure('getAlbumList2', { type: 'highest-of-all' })).toBe(0);
    expect(await failure('getAlbumList2', {})).toBe(10);
    expect(await failure('getAlbumList2', { type: 'newest', size: 'ten' })).toBe(0);
  });

  it('lists random songs, songs by genre and an artist’s top songs', async () => {
    const random = (await restJson(t, 'getRandomSongs', { ...auth, size: 2, genre: 'jazz' }))
      .randomSongs as {
      song: Node[];
    };
    expect(random.song).toHaveLength(2);
    for (const song of random.song) expect(song.genre).toBe('Jazz');
    const byGenre = (await call('getSongsByGenre', { genre: 'rock', count: 1, offset: 1 }))
      .songsByGenre as { song: Node[] };
    expect(ids(byGenre.song)).toEqual([tr(red)]);
    const top = (await call('getTopSongs', { artist: 'blue band' })).topSongs as { song: Node[] };
    expect(ids(top.song).sort()).toEqual(blue.map(tr).sort());
    expect(((await call('getTopSongs', { artist: 'Nobody' })).topSongs as Node).song).toEqual([]);
  });

  it('finds similar songs by the same artist or genre, never the song itself', async () => {
    // Drawn at random like a radio station's, so JSON and XML answers differ in order.
    const similarOf = async (method: string, answer: string, id: string) => {
      const json = (await restJson(t, method, { ...auth, id })) as Record<string, { song: Node[] }>;
      return ids(json[answer]!.song).sort();
    };
    expect(await similarOf('getSimilarSongs', 'similarSongs', tr(red))).toEqual([tr(lone)]);
    expect(await similarOf('getSimilarSongs2', 'similarSongs2', ar(blue[0]!))).toEqual(
      blue.map(tr).sort(),
    );
  });
});

describe('search', () => {
  it('answers everything for an empty query, each part paged on its own', async () => {
    const all = (await call('search3', { query: '' })).searchResult3 as Record<string, Node[]>;
    expect(all.song).toHaveLength(5);
    expect(all.album).toHaveLength(3);
    expect(all.artist).toHaveLength(3);
    const paged = (
      await call('search3', {
        query: '""',
        songCount: 2,
        songOffset: 4,
        albumCount: 1,
        albumOffset: 2,
        artistCount: 0,
      })
    ).searchResult3 as Record<string, Node[]>;
    expect(paged.song).toHaveLength(1);
    expect(ids(paged.album)).toEqual([al(lone)]);
    expect(paged.artist).toEqual([]);
  });

  it('finds songs, albums and artists by words, in search2 and search3', async () => {
    const found = (await call('search3', { query: 'blue' })).searchResult3 as Record<
      string,
      Node[]
    >;
    expect(ids(found.artist)).toEqual([ar(blue[0]!)]);
    expect(ids(found.album)).toEqual([al(blue[0]!)]);
    expect(ids(found.song).sort()).toEqual(blue.map(tr).sort());
    const old = (await call('search2', { query: 'red' })).searchResult2 as Record<string, Node[]>;
    expect(ids(old.song)).toEqual([tr(red)]);
    expect(old.album?.[0]).toMatchObject({ id: al(red), isDir: true });
  });
});
