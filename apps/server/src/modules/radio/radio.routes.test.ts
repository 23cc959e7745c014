import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mix, RadioBatch, RadioRequest } from '@cadenza/contract/radio';
import type { Song } from '@cadenza/contract/songs';
import { createPlaylist, createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createApiKey, restJson } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Radio from a song, album, artist, genre or playlist: related songs first (the seed's artists
 * and those credited or played with them, its tag genres), no song again within the last 50
 * heard, endless, different each time; mixes from what a listener plays most.
 */

let t: TestApp;
let listener: CreatedUser;
let lia: Song[];
let kato: Song[];
let folk: Song[];
let noise: Song[];

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  const add = async (count: number, make: (n: number) => Parameters<typeof createSong>[1]) => {
    const songs: Song[] = [];
    for (let n = 1; n <= count; n += 1) songs.push((await createSong(t, make(n))).song);
    return songs;
  };
  lia = await add(4, (n) => ({
    title: `Northern ${n}`,
    artist: 'Lia Park',
    album: 'Northern Lights',
    genres: ['J-Pop'],
    releaseYear: 2004,
  }));
  kato = [
    ...(await add(1, () => ({
      title: 'Neon',
      artist: 'DJ Kato feat. Lia Park',
      album: 'Neon',
      genres: ['Electronic'],
      releaseYear: 2006,
    }))),
    ...(await add(3, (n) => ({
      title: `Pulse ${n}`,
      artist: 'DJ Kato',
      album: 'Pulse',
      genres: ['Electronic'],
      releaseYear: 2007,
    }))),
  ];
  folk = await add(3, (n) => ({
    title: `River ${n}`,
    artist: 'Sam Reed',
    album: 'River',
    genres: ['Folk'],
    releaseYear: 1975,
  }));
  noise = await add(60, (n) => ({
    title: `Static ${n}`,
    artist: `Noise Maker ${n}`,
    album: null,
    genres: ['Noise'],
    releaseYear: 1990,
  }));
});
afterAll(() => t.close());

async function radio(body: RadioRequest, who: CreatedUser = listener): Promise<RadioBatch> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/radio',
    headers: who.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: RadioBatch }>().data;
}

const idsOf = (songs: readonly Song[]) => songs.map((song) => song._id);
const artistId = (song: Song) => song.artists.find((artist) => artist.role === 'main')!._id;

async function play(song: Song, who: CreatedUser, times = 1) {
  for (let n = 0; n < times; n += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/songs/${song._id}/play`,
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('starting a radio', () => {
  it("starts a song's radio with the song, then plays its artists' and their partners' songs", async () => {
    const station = await radio({ seed: { kind: 'song', id: lia[0]!._id }, count: 20 });
    expect(station.title).toBe('Northern 1 Radio');
    expect(station.songs[0]!._id).toBe(lia[0]!._id);
    expect(station.songs).toHaveLength(20);
    // Eight songs are related (Lia Park's, and DJ Kato's, credited with her on "Neon"): all come.
    expect(idsOf(station.songs)).toEqual(expect.arrayContaining(idsOf([...lia, ...kato])));
    expect(new Set(idsOf(station.songs)).size).toBe(20);
  });

  it("keeps an artist's station to the artist and those who go with them", async () => {
    const liaPark = artistId(lia[0]!);
    const station = await radio({ seed: { kind: 'artist', id: liaPark }, count: 6 });
    expect(station.title).toBe('Lia Park Radio');
    const related = new Set(idsOf([...lia, ...kato]));
    expect(station.songs).toHaveLength(6);
    for (const song of station.songs) expect(related.has(song._id), song.title).toBe(true);
  });

  it('starts from an album, a tag genre and a playlist', async () => {
    const album = await radio({ seed: { kind: 'album', id: folk[0]!.albumId! }, count: 3 });
    expect(album.title).toBe('River Radio');
    expect(idsOf(album.songs).sort()).toEqual(idsOf(folk).sort());

    const genre = noise[0]!.genres[0]!;
    const byGenre = await radio({ seed: { kind: 'genre', id: genre._id }, count: 10 });
    expect(byGenre.title).toBe('Noise Radio');
    const noisy = new Set(idsOf(noise));
    for (const song of byGenre.songs) expect(noisy.has(song._id), song.title).toBe(true);

    const playlist = await createPlaylist(t, listener, {
      name: 'Evening',
      isPublic: false,
      songIds: idsOf(kato),
    });
    const fromPlaylist = await radio({ seed: { kind: 'playlist', id: playlist }, count: 4 });
    expect(fromPlaylist.title).toBe('Evening Radio');
    const related = new Set(idsOf([...lia, ...kato]));
    for (const song of fromPlaylist.songs) expect(related.has(song._id), song.title).toBe(true);
  });

  it("starts from a smart playlist's songs as its rules choose them", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/user/smart-playlists',
      headers: listener.headers,
      payload: {
        name: 'All of Sam Reed',
        rules: { all: [{ field: 'artist', operator: 'is', value: 'Sam Reed' }] },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const seed = { kind: 'playlist' as const, id: made.json<{ data: { _id: string } }>().data._id };
    const station = await radio({ seed, count: 3 });
    expect(station.title).toBe('All of Sam Reed Radio');
    expect(idsOf(station.songs).sort()).toEqual(idsOf(folk).sort());
  });

  it('is different each time it starts', async () => {
    const seed = { kind: 'genre' as const, id: noise[0]!.genres[0]!._id };
    const first = await radio({ seed, count: 20 });
    const second = await radio({ seed, count: 20 });
    expect(idsOf(first.songs)).not.toEqual(idsOf(second.songs));
  });
});

describe('listening on', () => {
  it('never plays a song again within the last 50, and never runs dry', async () => {
    const seed = { kind: 'song' as const, id: folk[0]!._id };
    const heard: string[] = [];
    for (let batch = 0; batch < 8; batch += 1) {
      const next = await radio({ seed, recent: heard.slice(-200), count: 20 });
      expect(next.songs.length, `batch ${batch}`).toBeGreaterThan(0);
      heard.push(...idsOf(next.songs));
    }
    heard.forEach((id, index) => {
      expect(heard.slice(Math.max(0, index - 50), index), `song ${index}`).not.toContain(id);
    });
  });

  it('plays what the listeners of a song play with it', async () => {
    // Nothing else ties Sam Reed's folk to Lia Park's J-Pop: two listeners play both.
    for (const fan of [await createUser(t), await createUser(t)]) {
      await play(lia[1]!, fan, 3);
      await play(folk[2]!, fan, 2);
    }
    const key = await createApiKey(t, listener);
    const similar = await restJson(t, 'getSimilarSongs', {
      apiKey: key,
      id: `tr-${lia[1]!._id}`,
      count: 50,
    });
    const { song } = similar.similarSongs as { song: { id: string }[] };
    const found = song.map((node) => node.id.slice(3));
    expect(found).toContain(folk[2]!._id);
    expect(found).not.toContain(lia[1]!._id);
    // Similar songs are related ones only: nothing from the rest of the library.
    expect(found.filter((id) => idsOf(noise).includes(id))).toEqual([]);
  });
});

describe('mixes', () => {
  it("offers stations from the listener's most played artists and genres", async () => {
    const fan = await createUser(t);
    await play(lia[0]!, fan, 3);
    await play(lia[2]!, fan, 2);
    await play(folk[1]!, fan, 1);
    const res = await t.app.inject({ url: '/api/user/mixes', headers: fan.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { mixes } = res.json<{ data: { mixes: Mix[] } }>().data;
    expect(mixes.map((mix) => mix.title)).toEqual([
      'Lia Park Mix',
      'Sam Reed Mix',
      'J-Pop Mix',
      'Folk Mix',
    ]);
    expect(mixes[0]!.seed).toEqual({ kind: 'artist', id: artistId(lia[0]!) });
    const station = await radio({ seed: mixes[2]!.seed, count: 4 }, fan);
    expect(station.title).toBe('J-Pop Radio');

    const newcomer = await createUser(t);
    const none = await t.app.inject({ url: '/api/user/mixes', headers: newcomer.headers });
    expect(none.json<{ data: { mixes: Mix[] } }>().data.mixes).toEqual([]);
  });
});

describe('what radio refuses', () => {
  it('answers 404 for a seed that is not there, or a playlist of someone else kept private', async () => {
    const stranger = await createUser(t);
    const hidden = await createPlaylist(t, stranger, { isPublic: false, songIds: idsOf(folk) });
    const shared = await createPlaylist(t, stranger, { isPublic: true, songIds: idsOf(folk) });
    for (const seed of [
      { kind: 'song', id: '01900000-0000-7000-8000-000000000000' },
      { kind: 'artist', id: lia[0]!._id },
      { kind: 'playlist', id: hidden },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/radio',
        headers: listener.headers,
        payload: { seed },
      });
      expect(res.statusCode, JSON.stringify(seed)).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('radio_seed_not_found');
    }
    expect((await radio({ seed: { kind: 'playlist', id: shared }, count: 2 })).songs).toHaveLength(
      2,
    );
  });

  it('answers 400 naming what is wrong with the request', async () => {
    const cases: [unknown, RegExp][] = [
      [{ seed: { kind: 'planet', id: lia[0]!._id } }, /kind must be one of/],
      [{ seed: { kind: 'song', id: 'nope' } }, /id must be a UUID/],
      [{ seed: { kind: 'song', id: lia[0]!._id }, count: 0 }, /count must be at least 1/],
      [{ seed: { kind: 'song', id: lia[0]!._id }, count: 51 }, /count must be at most 50/],
      [
        { seed: { kind: 'song', id: lia[0]!._id }, recent: Array(201).fill(lia[1]!._id) },
        /recent holds at most 200 songs/,
      ],
      [{ seed: { kind: 'song', id: lia[0]!._id }, recent: ['x'] }, /recent must hold song ids/],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/radio',
        headers: listener.headers,
        payload: payload as object,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });
});
