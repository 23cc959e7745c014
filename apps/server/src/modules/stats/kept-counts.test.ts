import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GENRES } from '@cadenza/contract/songs';
import {
  createAdmin,
  createPlaylist,
  createSong,
  createUser,
  type CreatedUser,
} from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { createSongRow } from '../../../test/song-rows';
import { createApiKey, restJson } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CountersRepository } from './counters.repository';

/**
 * The counts the stats and playlists show are kept by the writes (never counted on a read): after
 * any sequence of writes through the API they equal a fresh count of the rows.
 */

let t: TestApp;
let admin: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

interface Listener {
  readonly who: CreatedUser;
  apiKey: string | null;
}
interface World {
  listeners: Listener[];
  songs: string[];
  playlists: { id: string; owner: CreatedUser; listener: Listener | null }[];
}

const genre = fc.constantFrom(...GENRES);
const duration = fc.integer({ min: 1, max: 900 });
const index = fc.nat({ max: 50 });
/** Writes that may run at the same time as each other on the same rows. */
const racingCommand = fc.oneof(
  fc.record({ kind: fc.constant('song' as const), genre, duration }),
  fc.record({ kind: fc.constant('edit' as const), song: index, genre, duration }),
  fc.record({ kind: fc.constant('deleteSong' as const), song: index }),
  fc.record({ kind: fc.constant('like' as const), user: index, song: index }),
  fc.record({
    kind: fc.constant('playlist' as const),
    user: index,
    songs: fc.array(index, { maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('adminPlaylist' as const),
    songs: fc.array(index, { maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('add' as const), playlist: index, song: index }),
  fc.record({ kind: fc.constant('remove' as const), playlist: index, song: index }),
  fc.record({ kind: fc.constant('move' as const), playlist: index, song: index, to: index }),
  fc.record({ kind: fc.constant('deletePlaylist' as const), playlist: index }),
);
const command = fc.oneof(
  racingCommand,
  fc.record({ kind: fc.constant('user' as const) }),
  fc.record({ kind: fc.constant('subsonic' as const), playlist: index, add: index, drop: index }),
  fc.record({ kind: fc.constant('deleteUser' as const), user: index }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const pick = <T>(items: readonly T[], at: number): T | undefined =>
  items.length === 0 ? undefined : items[at % items.length];

type Response = { statusCode: number; body: string };

function expectHandled(res: Response): void {
  expect(res.statusCode, res.body).toBeLessThan(500);
}

/** Run alone, an admin's write on what exists succeeds; racing others, it may find it gone. */
type AdminCheck = (res: Response, status: number) => void;
const alone: AdminCheck = (res, status) => expect(res.statusCode, res.body).toBe(status);
const racing: AdminCheck = (res) => expectHandled(res);

async function songsOf(playlistId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('playlist_songs')
    .select('song_id')
    .where('playlist_id', '=', playlistId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.song_id);
}

async function run(world: World, c: Command, check: AdminCheck = alone): Promise<void> {
  const as = (who: CreatedUser) => ({ headers: who.headers });
  switch (c.kind) {
    case 'user':
      world.listeners.push({ who: await createUser(t), apiKey: null });
      return;
    case 'song':
      world.songs.push((await createSong(t, { genre: c.genre, duration: c.duration })).id);
      return;
    case 'edit': {
      const id = pick(world.songs, c.song);
      if (id === undefined) return;
      const res = await injectForm(
        t.app,
        { method: 'PUT', url: `/api/admin/songs/${id}`, ...as(admin) },
        { genre: c.genre, duration: String(c.duration) },
      );
      check(res, 200);
      return;
    }
    case 'deleteSong': {
      const id = pick(world.songs, c.song);
      if (id === undefined) return;
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/songs/${id}`,
        ...as(admin),
      });
      check(res, 200);
      world.songs = world.songs.filter((song) => song !== id);
      return;
    }
    case 'like': {
      const listener = pick(world.listeners, c.user);
      const id = pick(world.songs, c.song);
      if (!listener || id === undefined) return;
      const url = `/api/user/songs/${id}/like`;
      expectHandled(await t.app.inject({ method: 'PUT', url, ...as(listener.who) }));
      return;
    }
    case 'playlist': {
      const listener = pick(world.listeners, c.user);
      if (!listener) return;
      const songIds = [...new Set(c.songs.flatMap((at) => pick(world.songs, at) ?? []))];
      // The factory adds its songs one by one through the repository: one may be gone meanwhile.
      const id = await createPlaylist(t, listener.who, { songIds });
      world.playlists.push({ id, owner: listener.who, listener });
      return;
    }
    case 'adminPlaylist': {
      const songs = c.songs.flatMap((at) => pick(world.songs, at) ?? []);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/playlists',
        ...as(admin),
        payload: { name: 'Mix', isDefault: false, songs },
      });
      check(res, 201);
      if (res.statusCode === 201) {
        world.playlists.push({ id: res.json().data._id, owner: admin, listener: null });
      }
      return;
    }
    case 'add':
    case 'remove': {
      const playlist = pick(world.playlists, c.playlist);
      const id = pick(world.songs, c.song);
      if (!playlist || id === undefined) return;
      const url = `/api/user/playlists/${playlist.id}/songs/${id}`;
      const method = c.kind === 'add' ? 'PUT' : 'DELETE';
      expectHandled(await t.app.inject({ method, url, ...as(playlist.owner) }));
      return;
    }
    case 'move': {
      const playlist = pick(world.playlists, c.playlist);
      if (!playlist) return;
      const id = pick(await songsOf(playlist.id), c.song);
      if (id === undefined) return;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/playlists/${playlist.id}/songs/${id}/position`,
        ...as(playlist.owner),
        payload: { position: c.to },
      });
      expectHandled(res);
      return;
    }
    case 'subsonic': {
      const playlist = pick(
        world.playlists.filter((item) => item.listener !== null),
        c.playlist,
      );
      if (!playlist?.listener) return;
      playlist.listener.apiKey ??= await createApiKey(t, playlist.listener.who);
      const held = await songsOf(playlist.id);
      const add = pick(world.songs, c.add);
      const answer = await restJson(t, 'updatePlaylist', {
        apiKey: playlist.listener.apiKey,
        playlistId: `pl-${playlist.id}`,
        ...(held.length > 0 ? { songIndexToRemove: c.drop % held.length } : {}),
        ...(add === undefined ? {} : { songIdToAdd: `tr-${add}` }),
      });
      expect(answer.status, JSON.stringify(answer)).toBe('ok');
      return;
    }
    case 'deletePlaylist': {
      const playlist = pick(world.playlists, c.playlist);
      if (!playlist) return;
      const url = `/api/user/playlists/${playlist.id}`;
      expectHandled(await t.app.inject({ method: 'DELETE', url, ...as(playlist.owner) }));
      world.playlists = world.playlists.filter((item) => item !== playlist);
      return;
    }
    case 'deleteUser': {
      const listener = pick(world.listeners, c.user);
      if (!listener) return;
      const url = `/api/admin/users/${listener.who.user._id}`;
      const res = await t.app.inject({ method: 'DELETE', url, ...as(admin) });
      check(res, 200);
      world.listeners = world.listeners.filter((item) => item !== listener);
      world.playlists = world.playlists.filter((item) => item.owner !== listener.who);
      return;
    }
  }
}

/** What a fresh count of the rows says. */
async function countedNow() {
  const db = t.database.db;
  const [users, genres, playlists] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('songs')
      .select((eb) => ['genre', eb.fn.countAll<number>().as('n')])
      .groupBy('genre')
      .execute(),
    db
      .selectFrom('playlists')
      .leftJoin('playlist_songs', 'playlist_songs.playlist_id', 'playlists.id')
      .leftJoin('songs', 'songs.id', 'playlist_songs.song_id')
      .select((eb) => [
        'playlists.id',
        eb.fn.count('playlist_songs.song_id').as('songs'),
        eb.fn.coalesce(eb.fn.sum('songs.duration'), eb.lit(0)).as('seconds'),
      ])
      .groupBy('playlists.id')
      .execute(),
  ]);
  const byGenre = genres
    .map((row) => ({ _id: row.genre, count: Number(row.n) }))
    .sort((a, b) => b.count - a.count || a._id.localeCompare(b._id));
  return {
    users: Number(users.n),
    songs: byGenre.reduce((sum, entry) => sum + entry.count, 0),
    byGenre,
    playlists: Object.fromEntries(
      playlists.map((row) => [row.id, { songs: Number(row.songs), seconds: Number(row.seconds) }]),
    ),
  };
}

async function expectExact(): Promise<void> {
  const counted = await countedNow();
  const quick = await t.app.inject({ url: '/api/general/stats/quick' });
  expect(quick.statusCode).toBe(200);
  expect(quick.json().data.stats).toEqual({ users: counted.users, songs: counted.songs });
  expect(quick.json().data.popularGenres).toEqual(counted.byGenre);
  const overview = await t.app.inject({ url: '/api/admin/stats', headers: admin.headers });
  expect(overview.json().data).toEqual({
    totalUsers: counted.users,
    totalSongs: counted.songs,
    songsByGenre: counted.byGenre,
  });
  const kept = await t.database.db
    .selectFrom('playlists')
    .select(['id', 'song_count', 'duration'])
    .execute();
  expect(
    Object.fromEntries(
      kept.map((row) => [row.id, { songs: Number(row.song_count), seconds: Number(row.duration) }]),
    ),
  ).toEqual(counted.playlists);
}

describe('kept counts', () => {
  it('equal a fresh count after any sequence of writes', async () => {
    const world: World = { listeners: [], songs: [], playlists: [] };
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (commands) => {
        for (const c of commands) await run(world, c);
        await expectExact();
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('show an upload, an edit of its genre and its deletion right after each', async () => {
    const before = (await t.app.inject({ url: '/api/general/stats/quick' })).json().data.stats;
    const song = await createSong(t, { genre: 'jazz' });
    await expectExact();
    const quick = async () => (await t.app.inject({ url: '/api/general/stats/quick' })).json().data;
    expect((await quick()).stats.songs).toBe(before.songs + 1);
    await injectForm(
      t.app,
      { method: 'PUT', url: `/api/admin/songs/${song.id}`, headers: admin.headers },
      { genre: 'rock' },
    );
    await expectExact();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/songs/${song.id}`,
      headers: admin.headers,
    });
    await expectExact();
    expect((await quick()).stats.songs).toBe(before.songs);
  });
});

describe('kept counts under concurrent writes', () => {
  it('equal a fresh count after writes that race on the same songs and playlists', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(racingCommand, { minLength: 5, maxLength: 30 }),
        async (commands) => {
          const world: World = { listeners: [], songs: [], playlists: [] };
          for (let n = 0; n < 2; n += 1) {
            world.listeners.push({ who: await createUser(t), apiKey: null });
          }
          for (let n = 0; n < 6; n += 1) {
            world.songs.push((await createSong(t, { genre: 'pop', duration: 100 + n })).id);
          }
          for (const [n, listener] of world.listeners.entries()) {
            const songIds = world.songs.slice(n, n + 4);
            const id = await createPlaylist(t, listener.who, { songIds });
            world.playlists.push({ id, owner: listener.who, listener });
          }
          await Promise.all(commands.map((c) => run(world, c, racing)));
          await expectExact();
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);
});

describe('counting again', () => {
  it('makes the kept counts exact after rows written around the repositories', async () => {
    const owner = await createUser(t);
    const playlist = await createPlaylist(t, owner);
    const rows = [await createSongRow(t, { genre: 'rock' }), await createSongRow(t)];
    await t.database.db
      .insertInto('playlist_songs')
      .values(
        rows.map((row, n) => ({
          playlist_id: playlist,
          song_id: row.id,
          position: n + 1,
          added_at: '2025-01-01T00:00:00.000Z',
        })),
      )
      .execute();
    await new CountersRepository(t.database.db).recountAll();
    await expectExact();
  });
});

describe('the stats', () => {
  it('read the kept counters: no count over songs, users or playlists', async () => {
    const executor = t.database.db.getExecutor();
    const spy = vi.spyOn(executor, 'executeQuery');
    try {
      await t.app.inject({ url: '/api/general/stats/quick' });
      await t.app.inject({ url: '/api/admin/stats', headers: admin.headers });
      const statements = spy.mock.calls.map(([query]) => query.sql.toLowerCase());
      expect(statements.some((text) => text.includes('"counters"'))).toBe(true);
      for (const text of statements) {
        expect(text).not.toMatch(/count\(/);
        expect(text).not.toMatch(/from "(songs|playlist_songs|likes|saves|plays)"/);
      }
    } finally {
      spy.mockRestore();
    }
  });
});
