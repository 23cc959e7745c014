import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HomeRows } from '@cadenza/contract/home';
import { HOME_ROW_SIZE } from '@cadenza/contract/home';
import type { Artist } from '@cadenza/contract/catalogue';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { pngBytes } from '../../../test/media-files';
import { createSong, type CreatedSong, type SongOverrides } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let listener: CreatedUser;
let other: CreatedUser;
const songs: Record<string, CreatedSong> = {};

const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second)).toISOString();

function call(url: string, who = listener, method: 'GET' | 'POST' | 'DELETE' = 'GET') {
  return t.app.inject({ method, url, headers: who.headers });
}

function song(name: string): CreatedSong {
  const found = songs[name];
  if (!found) throw new Error(`no song ${name}`);
  return found;
}

async function play(name: string, times: number, who = listener): Promise<void> {
  for (let n = 0; n < times; n += 1) {
    const res = await call(`/api/user/songs/${song(name).song._id}/play`, who, 'POST');
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function add(name: string, overrides: SongOverrides): Promise<void> {
  songs[name] = await createSong(t, { title: name, ...overrides });
}

async function home(who = listener): Promise<HomeRows> {
  const res = await call('/api/user/home', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: HomeRows }>().data;
}

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  other = await createUser(t);
  await add('old', {
    artist: 'Nina',
    album: 'First',
    releaseYear: 1990,
    genre: 'jazz',
    createdAt: at(1),
    cover: pngBytes('first'),
  });
  await add('new', {
    artist: 'Nina',
    album: 'Second',
    releaseYear: 2001,
    genre: 'jazz',
    createdAt: at(2),
    cover: pngBytes('second'),
  });
  await add('duet', {
    artist: 'Miles feat. Nina',
    album: 'Duets',
    genre: 'jazz',
    createdAt: at(3),
  });
  await add('riff', { artist: 'Band', album: 'Loud', genre: 'rock', createdAt: at(4) });
  await add('tune', { artist: 'Quiet', album: null, genre: 'classical', createdAt: at(5) });
});
afterAll(() => t.close());

describe('GET /api/user/home', () => {
  it('starts without artists for a listener who played nothing', async () => {
    const rows = await home();
    expect(rows.topArtists).toEqual([]);
    expect(rows.newAlbums.map((album) => album.title)).toEqual([
      'tune',
      'Loud',
      'Duets',
      'Second',
      'First',
    ]);
  });

  it('lists the artists the caller plays most: main artists only, their own plays only', async () => {
    await play('riff', 2);
    await play('duet', 3);
    await play('old', 1);
    await play('tune', 6, other);
    const rows = await home();
    // Nina: 1 play of her own song; featured on "duet" does not count. Miles: 3. Band: 2.
    expect(rows.topArtists.map((artist) => [artist.name, artist.playCount])).toEqual([
      ['Miles', 3],
      ['Band', 2],
      ['Nina', 1],
    ]);
    expect((await home(other)).topArtists.map((artist) => artist.name)).toEqual(['Quiet']);

    // A tie goes to the artist played last.
    await play('new', 1);
    await play('riff', 1);
    await play('old', 1);
    const lastPlayed = { Miles: at(30), Band: at(10), Nina: at(20) };
    for (const [name, time] of Object.entries(lastPlayed)) {
      const artist = rows.topArtists.find((found) => found.name === name);
      await t.database.db
        .updateTable('artist_plays')
        .set({ last_played_at: time })
        .where('user_id', '=', listener.user._id)
        .where('artist_id', '=', artist?._id ?? '')
        .execute();
    }
    const after = await home();
    expect(after.topArtists.map((artist) => [artist.name, artist.playCount])).toEqual([
      ['Miles', 3],
      ['Nina', 3],
      ['Band', 3],
    ]);
  });

  it('shows each artist with the cover of their newest album', async () => {
    const rows = await home();
    const nina = rows.topArtists.find((artist) => artist.name === 'Nina');
    expect(nina?.imageUrl).toBe(song('new').song.coverImage);
    expect(song('new').song.coverImage).not.toBe(song('old').song.coverImage);
    const band = rows.topArtists.find((artist) => artist.name === 'Band');
    expect(band?.imageUrl).toBe('/media/defaults/cover.jpg');
    // The artist list shows the same image.
    const list = await call('/api/user/artists?limit=100');
    const listed = list.json<{ data: Artist[] }>().data.find((artist) => artist.name === 'Nina');
    expect(listed?.imageUrl).toBe(song('new').song.coverImage);
  });

  it('has one row per genre with songs, in the order of the genres, newest songs first', async () => {
    const rows = await home();
    expect(
      rows.genres.map((row) => [row.genre, row.songCount, row.songs.map((s) => s.title)]),
    ).toEqual([
      ['rock', 1, ['riff']],
      ['jazz', 3, ['duet', 'new', 'old']],
      ['classical', 1, ['tune']],
    ]);
  });

  it('keeps the rows short: the newest albums and songs up to the row size', async () => {
    for (let n = 0; n < HOME_ROW_SIZE + 2; n += 1) {
      await add(`many ${n}`, {
        artist: 'Many',
        album: `Many ${n}`,
        genre: 'pop',
        createdAt: at(100 + n),
      });
    }
    const rows = await home();
    expect(rows.newAlbums).toHaveLength(HOME_ROW_SIZE);
    expect(rows.newAlbums[0]?.title).toBe(`Many ${HOME_ROW_SIZE + 1}`);
    const pop = rows.genres.find((row) => row.genre === 'pop');
    expect(pop?.songCount).toBe(HOME_ROW_SIZE + 2);
    expect(pop?.songs).toHaveLength(HOME_ROW_SIZE);
  });

  it('forgets an artist once their last song is gone', async () => {
    await add('gone', { artist: 'Fleeting', album: 'Brief', genre: 'other' });
    await play('gone', 9);
    expect((await home()).topArtists[0]?.name).toBe('Fleeting');
    const admin = await createAdmin(t);
    const res = await call(`/api/admin/songs/${song('gone').song._id}`, admin, 'DELETE');
    expect(res.statusCode, res.body).toBe(200);
    expect((await home()).topArtists.map((artist) => artist.name)).not.toContain('Fleeting');
  });

  it('asks for a login', async () => {
    expect((await t.app.inject({ url: '/api/user/home' })).statusCode).toBe(401);
  });
});

describe('the genres’ counts', () => {
  it('are read from the kept counters for Home’s genre rows: no count over the songs', async () => {
    const spies = [t.database.db, t.database.longReads].map((db) =>
      vi.spyOn(db.getExecutor(), 'executeQuery'),
    );
    try {
      await home();
      const statements = spies.flatMap((spy) =>
        spy.mock.calls.map(([query]) => query.sql.toLowerCase()),
      );
      expect(statements.some((text) => text.includes('"counters"'))).toBe(true);
      for (const text of statements) expect(text).not.toMatch(/group by "genre"|count\(distinct/);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
