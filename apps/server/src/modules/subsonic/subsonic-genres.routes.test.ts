import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, rest, restBoth, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** `/rest` speaks of tag genres: as the files name them, several per song, matched without case. */

let t: TestApp;
let auth: RestParams;
let live: CreatedSong[];
let soul: CreatedSong;
let untagged: CreatedSong;

const RNB = 'R&B <live>';

beforeAll(async () => {
  t = await createTestApp();
  auth = {
    apiKey: await createApiKey(t, await createUser(t)),
    c: 'genres-test',
    v: '1.16.1',
  };
  live = [];
  for (const title of ['Encore', 'Opening']) {
    live.push(
      await createSong(t, {
        title,
        artist: 'Stage Band',
        album: 'Live Set',
        genre: 'other',
        tags: { genres: [RNB, 'Soul'] },
      }),
    );
  }
  soul = await createSong(t, {
    title: 'Slow Burn',
    artist: 'Crooner',
    album: 'Soul Album',
    genre: 'pop',
    tags: { genres: ['soul'] },
  });
  untagged = await createSong(t, { title: 'Nameless', artist: 'Nobody', genre: 'other' });
});
afterAll(() => t.close());

type Node = Record<string, unknown>;
const call = (endpoint: string, params: RestParams = {}) =>
  restBoth(t, endpoint, { ...auth, ...params });
const ids = (nodes: unknown) => (nodes as Node[]).map((node) => node.id);
const tr = (song: CreatedSong) => `tr-${song.song._id}`;
const al = (song: CreatedSong) => `al-${song.song.albumId}`;

describe('getGenres', () => {
  it('lists the tag genres with their song and album counts, in JSON and XML alike', async () => {
    const { genres } = await call('getGenres');
    expect((genres as { genre: Node[] }).genre).toEqual([
      { value: RNB, songCount: 2, albumCount: 1 },
      { value: 'Soul', songCount: 3, albumCount: 2 },
    ]);
  });

  it('escapes a genre’s name in XML', async () => {
    const res = await rest(t, 'getGenres', auth);
    expect(res.body).toContain('R&amp;B &lt;live&gt;');
    expect(res.body).not.toContain(RNB);
  });
});

describe('songs and albums by tag genre', () => {
  it('getSongsByGenre matches the genre whatever its case', async () => {
    const found = (await call('getSongsByGenre', { genre: 'r&b <LIVE>' })).songsByGenre as {
      song: Node[];
    };
    expect(ids(found.song).sort()).toEqual(live.map(tr).sort());
    const soulful = (await call('getSongsByGenre', { genre: 'SOUL', count: 1, offset: 2 }))
      .songsByGenre as { song: Node[] };
    // Newest first: the third is the oldest of the three.
    expect(ids(soulful.song)).toEqual([tr(live[0]!)]);
    const none = (await call('getSongsByGenre', { genre: 'soul music' })).songsByGenre as Node;
    expect(none.song ?? []).toEqual([]);
  });

  it('getAlbumList2 byGenre lists the albums with a song of the genre, by title', async () => {
    const list = (await call('getAlbumList2', { type: 'byGenre', genre: 'sOuL' })).albumList2 as {
      album: Node[];
    };
    expect(ids(list.album)).toEqual([al(live[0]!), al(soul)]);
  });

  it('getRandomSongs with a genre keeps to it', async () => {
    // JSON alone: two calls at random need not agree.
    const random = (await restJson(t, 'getRandomSongs', { ...auth, genre: RNB, size: 10 }))
      .randomSongs as { song: Node[] };
    expect(ids(random.song).sort()).toEqual(live.map(tr).sort());
  });
});

describe('a song’s and an album’s genres', () => {
  it('give a song its first tag genre as `genre` and all of them as `genres`', async () => {
    const song = (await call('getSong', { id: tr(live[0]!) })).song as Node;
    expect(song.genre).toBe(RNB);
    expect(song.genres).toEqual([{ name: RNB }, { name: 'Soul' }]);
    const res = await rest(t, 'getSong', { ...auth, id: tr(live[0]!) });
    expect(res.body).toContain('genre="R&amp;B &lt;live&gt;"');
  });

  it('leave `genre` out of a song without tag genres', async () => {
    const song = (await call('getSong', { id: tr(untagged) })).song as Node;
    expect(song).not.toHaveProperty('genre');
    expect(song.genres ?? []).toEqual([]);
  });

  it('give an album the genres of its songs, the most common first', async () => {
    const album = (await call('getAlbum', { id: al(live[0]!) })).album as Node;
    expect(album.genre).toBe(RNB);
    expect(album.genres).toEqual([{ name: RNB }, { name: 'Soul' }]);
  });
});
