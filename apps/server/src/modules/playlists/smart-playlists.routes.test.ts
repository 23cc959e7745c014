import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playlist, PlaylistWithSongs } from '@cadenza/contract/playlists';
import type {
  SmartCatalogue,
  SmartPlaylist,
  SmartPlaylistWithSongs,
  SmartPreview,
} from '@cadenza/contract/smart-playlists';
import type { Song } from '@cadenza/contract/songs';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Smart playlists (docs/product.md, "Smart playlists"): rules on a song's fields in nested
 * groups, a sort and a limit, evaluated on every read for the playlist's owner.
 */

let t: TestApp;
let owner: CreatedUser;
let other: CreatedUser;

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  other = await createUser(t);
});
afterAll(() => t.close());

type Body = Record<string, unknown>;

async function create(body: Body, who: CreatedUser = owner): Promise<SmartPlaylist> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/smart-playlists',
    headers: who.headers,
    payload: { name: 'Smart', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: SmartPlaylist }>().data;
}

async function titlesOf(id: string, who: CreatedUser = owner): Promise<string[]> {
  const res = await t.app.inject({
    url: `/api/user/smart-playlists/${id}?limit=100`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SmartPlaylistWithSongs }>().data.songs.map((song) => song.title);
}

/** The titles one rule (inside an `all` with the test's own title prefix) chooses, sorted. */
async function chosen(prefix: string, rule: Body): Promise<string[]> {
  const playlist = await create({
    rules: { all: [{ field: 'title', operator: 'startsWith', value: prefix }, rule] },
    sort: { field: 'title', order: 'asc' },
  });
  return titlesOf(playlist._id);
}

async function play(song: Song, who: CreatedUser, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/songs/${song._id}/play`,
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function like(song: Song, who: CreatedUser): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/user/songs/${song._id}/like`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the catalogue', () => {
  it('lists every field with its value type and the operators that fit it', async () => {
    const res = await t.app.inject({
      url: '/api/user/smart-playlists/catalogue',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const { fields, sortFields } = res.json<{ data: SmartCatalogue }>().data;
    expect(fields.map((f) => f.field)).toEqual([
      'title',
      'artist',
      'albumArtist',
      'album',
      'genre',
      'year',
      'dateAdded',
      'lastPlayed',
      'playCount',
      'liked',
      'duration',
      'fileType',
      'bitRate',
    ]);
    expect(fields.find((f) => f.field === 'liked')).toMatchObject({
      type: 'boolean',
      operators: ['is'],
    });
    expect(fields.find((f) => f.field === 'dateAdded')?.operators).toEqual([
      'before',
      'after',
      'inTheLast',
      'notInTheLast',
      'inTheRange',
    ]);
    expect(sortFields).toContain('random');
  });
});

describe('rules', () => {
  it('tests text fields with every text operator, ignoring case', async () => {
    await createSong(t, { title: 'T1 Blue Moon', artist: 'Ella', album: 'Night' });
    await createSong(t, { title: 'T1 Red Sun', artist: 'Louis', album: null });
    await createSong(t, {
      title: 'T1 Blue Sky',
      artist: 'Ella',
      album: 'Day',
      tags: { albumArtist: 'Various Folks' },
    });
    expect(await chosen('T1', { field: 'title', operator: 'is', value: 't1 red sun' })).toEqual([
      'T1 Red Sun',
    ]);
    expect(await chosen('T1', { field: 'title', operator: 'isNot', value: 'T1 Red Sun' })).toEqual([
      'T1 Blue Moon',
      'T1 Blue Sky',
    ]);
    expect(await chosen('T1', { field: 'title', operator: 'contains', value: 'BLUE' })).toEqual([
      'T1 Blue Moon',
      'T1 Blue Sky',
    ]);
    expect(await chosen('T1', { field: 'title', operator: 'notContains', value: 'blue' })).toEqual([
      'T1 Red Sun',
    ]);
    expect(await chosen('T1', { field: 'title', operator: 'endsWith', value: 'sky' })).toEqual([
      'T1 Blue Sky',
    ]);
    expect(await chosen('T1', { field: 'artist', operator: 'is', value: 'ella' })).toEqual([
      'T1 Blue Moon',
      'T1 Blue Sky',
    ]);
    // Without an album artist of its own, a song's album artist is its artist.
    expect(await chosen('T1', { field: 'albumArtist', operator: 'is', value: 'Louis' })).toEqual([
      'T1 Red Sun',
    ]);
    expect(
      await chosen('T1', { field: 'albumArtist', operator: 'startsWith', value: 'various' }),
    ).toEqual(['T1 Blue Sky']);
    // A song without an album does not contain "igh", so it is among those that do not.
    expect(await chosen('T1', { field: 'album', operator: 'notContains', value: 'igh' })).toEqual([
      'T1 Blue Sky',
      'T1 Red Sun',
    ]);
    // Wildcards are taken literally.
    expect(await chosen('T1', { field: 'title', operator: 'contains', value: '%' })).toEqual([]);
    expect(await chosen('T1', { field: 'fileType', operator: 'is', value: 'mp3' })).toHaveLength(3);
    expect(await chosen('T1', { field: 'fileType', operator: 'is', value: 'flac' })).toEqual([]);
  });

  it('tests tag genres: any of a song’s genres', async () => {
    await createSong(t, { title: 'G1 Both', genres: ['Jazz', 'Soul'] });
    await createSong(t, { title: 'G1 Soul', genres: ['Soul'] });
    await createSong(t, { title: 'G1 None' });
    expect(await chosen('G1', { field: 'genre', operator: 'is', value: 'jazz' })).toEqual([
      'G1 Both',
    ]);
    expect(await chosen('G1', { field: 'genre', operator: 'contains', value: 'sou' })).toEqual([
      'G1 Both',
      'G1 Soul',
    ]);
    expect(await chosen('G1', { field: 'genre', operator: 'isNot', value: 'Jazz' })).toEqual([
      'G1 None',
      'G1 Soul',
    ]);
  });

  it('tests numbers: is, is not, greater, less, in the range', async () => {
    await createSong(t, { title: 'N1 Old', releaseYear: 1985, duration: 100 });
    await createSong(t, { title: 'N1 Mid', releaseYear: 1995, duration: 200 });
    await createSong(t, { title: 'N1 New', releaseYear: 2015, duration: 300 });
    expect(await chosen('N1', { field: 'year', operator: 'is', value: 1995 })).toEqual(['N1 Mid']);
    expect(await chosen('N1', { field: 'year', operator: 'isNot', value: 1995 })).toEqual([
      'N1 New',
      'N1 Old',
    ]);
    expect(
      await chosen('N1', { field: 'year', operator: 'inTheRange', value: [1990, 1981] }),
    ).toEqual(['N1 Old']);
    expect(await chosen('N1', { field: 'duration', operator: 'gt', value: 150.5 })).toEqual([
      'N1 Mid',
      'N1 New',
    ]);
    expect(await chosen('N1', { field: 'duration', operator: 'lt', value: 200 })).toEqual([
      'N1 Old',
    ]);
    // Without a rate in its tags, a song's rate is its bytes over its length.
    expect(await chosen('N1', { field: 'bitRate', operator: 'gt', value: 0 })).toHaveLength(3);
  });

  it('tests dates: before, after, in the last and not in the last N days, in a range', async () => {
    await createSong(t, { title: 'D1 Long ago', createdAt: '2020-03-15T12:00:00.000Z' });
    await createSong(t, { title: 'D1 Last year', createdAt: '2021-06-01T08:00:00.000Z' });
    await createSong(t, { title: 'D1 Recent', createdAt: daysAgo(2) });
    const on = (operator: string, value: unknown) =>
      chosen('D1', { field: 'dateAdded', operator, value });
    expect(await on('before', '2021-06-01')).toEqual(['D1 Long ago']);
    expect(await on('after', '2020-03-15')).toEqual(['D1 Last year', 'D1 Recent']);
    expect(await on('inTheRange', ['2021-06-01', '2020-03-15'])).toEqual([
      'D1 Last year',
      'D1 Long ago',
    ]);
    expect(await on('inTheLast', 7)).toEqual(['D1 Recent']);
    expect(await on('notInTheLast', 7)).toEqual(['D1 Last year', 'D1 Long ago']);
  });

  it("tests the owner's own play count, last play and likes, not anyone else's", async () => {
    const often = (await createSong(t, { title: 'P1 Often' })).song;
    const once = (await createSong(t, { title: 'P1 Once' })).song;
    const others = (await createSong(t, { title: 'P1 Others' })).song;
    await createSong(t, { title: 'P1 Never' });
    await play(often, owner, 3);
    await play(once, owner);
    await play(others, other, 5);
    await like(once, owner);
    await like(others, other);
    expect(await chosen('P1', { field: 'playCount', operator: 'gt', value: 1 })).toEqual([
      'P1 Often',
    ]);
    expect(await chosen('P1', { field: 'playCount', operator: 'is', value: 0 })).toEqual([
      'P1 Never',
      'P1 Others',
    ]);
    expect(await chosen('P1', { field: 'lastPlayed', operator: 'inTheLast', value: 1 })).toEqual([
      'P1 Often',
      'P1 Once',
    ]);
    // Never played is not played in the last N days either.
    expect(await chosen('P1', { field: 'lastPlayed', operator: 'notInTheLast', value: 1 })).toEqual(
      ['P1 Never', 'P1 Others'],
    );
    expect(await chosen('P1', { field: 'liked', operator: 'is', value: true })).toEqual([
      'P1 Once',
    ]);
    expect(await chosen('P1', { field: 'liked', operator: 'is', value: false })).toEqual([
      'P1 Never',
      'P1 Often',
      'P1 Others',
    ]);
  });

  it('combines nested all and any groups', async () => {
    await createSong(t, { title: 'A1 Jazz old', genres: ['Jazz'], releaseYear: 1960 });
    await createSong(t, { title: 'A1 Jazz new', genres: ['Jazz'], releaseYear: 2020 });
    await createSong(t, { title: 'A1 Rock old', genres: ['Rock'], releaseYear: 1970 });
    await createSong(t, { title: 'A1 Pop new', genres: ['Pop'], releaseYear: 2021 });
    const playlist = await create({
      rules: {
        all: [
          { field: 'title', operator: 'startsWith', value: 'A1' },
          {
            any: [
              {
                all: [
                  { field: 'genre', operator: 'is', value: 'Jazz' },
                  { field: 'year', operator: 'gt', value: 2000 },
                ],
              },
              { all: [{ field: 'genre', operator: 'is', value: 'Rock' }] },
            ],
          },
        ],
      },
      sort: { field: 'title', order: 'asc' },
    });
    expect(await titlesOf(playlist._id)).toEqual(['A1 Jazz new', 'A1 Rock old']);
  });
});

describe('sort, limit and reading', () => {
  it('sorts by a field either way, limits, and counts what it holds on read', async () => {
    await createSong(t, { title: 'S1 b', duration: 20 });
    await createSong(t, { title: 'S1 a', duration: 30 });
    await createSong(t, { title: 'S1 c', duration: 10 });
    const rules = { all: [{ field: 'title', operator: 'startsWith', value: 'S1' }] };
    const byLength = await create({ rules, sort: { field: 'duration', order: 'desc' }, limit: 2 });
    expect(byLength).toMatchObject({ isSmart: true, songCount: 2, duration: 50, limit: 2 });
    expect(await titlesOf(byLength._id)).toEqual(['S1 a', 'S1 b']);
    const byTitle = await create({ rules, sort: { field: 'title', order: 'desc' } });
    expect(await titlesOf(byTitle._id)).toEqual(['S1 c', 'S1 b', 'S1 a']);
    const shuffled = await create({ rules, sort: { field: 'random' }, limit: 3 });
    expect((await titlesOf(shuffled._id)).sort()).toEqual(['S1 a', 'S1 b', 'S1 c']);

    // Evaluated on read: a new song that matches is there at once, counted too.
    await createSong(t, { title: 'S1 d', duration: 40 });
    expect(await titlesOf(byTitle._id)).toEqual(['S1 d', 'S1 c', 'S1 b', 'S1 a']);
    expect(await titlesOf(byLength._id)).toEqual(['S1 d', 'S1 a']);
    const listed = await t.app.inject({
      url: '/api/user/playlists?limit=100',
      headers: owner.headers,
    });
    const card = listed.json<{ data: Playlist[] }>().data.find((p) => p._id === byTitle._id);
    expect(card).toMatchObject({ isSmart: true, songCount: 4 });
  });

  it('pages its songs through the playlist routes, and refuses a bad cursor', async () => {
    for (const n of [1, 2, 3, 4, 5]) await createSong(t, { title: `PG1 ${n}` });
    const playlist = await create({
      rules: { any: [{ field: 'title', operator: 'startsWith', value: 'PG1' }] },
      sort: { field: 'title', order: 'asc' },
    });
    const first = await t.app.inject({
      url: `/api/user/playlists/${playlist._id}/songs?limit=2`,
      headers: owner.headers,
    });
    const page = first.json<{ data: Song[]; nextCursor?: string }>();
    expect(page.data.map((s) => s.title)).toEqual(['PG1 1', 'PG1 2']);
    const second = await t.app.inject({
      url: `/api/user/playlists/${playlist._id}/songs?limit=2&cursor=${page.nextCursor ?? ''}`,
      headers: owner.headers,
    });
    expect(second.json<{ data: Song[] }>().data.map((s) => s.title)).toEqual(['PG1 3', 'PG1 4']);
    const bad = await t.app.inject({
      url: `/api/user/smart-playlists/${playlist._id}?cursor=nonsense`,
      headers: owner.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_cursor' });
    const detail = await t.app.inject({
      url: `/api/user/playlists/${playlist._id}`,
      headers: owner.headers,
    });
    expect(detail.json<{ data: PlaylistWithSongs }>().data.songs).toHaveLength(5);
  });

  it('previews unsaved rules for the caller: the count and the first songs', async () => {
    for (const n of [1, 2, 3]) await createSong(t, { title: `PV1 ${n}`, duration: 60 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/smart-playlists/preview',
      headers: other.headers,
      payload: {
        rules: { all: [{ field: 'title', operator: 'startsWith', value: 'PV1' }] },
        sort: { field: 'title', order: 'asc' },
        sample: 2,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ data: SmartPreview }>().data;
    expect(preview.songCount).toBe(3);
    expect(preview.duration).toBe(180);
    expect(preview.songs.map((s) => s.title)).toEqual(['PV1 1', 'PV1 2']);
  });

  it('changes rules, sort and limit, and deletes', async () => {
    await createSong(t, { title: 'U1 x' });
    await createSong(t, { title: 'U1 y' });
    const playlist = await create({
      rules: { all: [{ field: 'title', operator: 'is', value: 'U1 x' }] },
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/smart-playlists/${playlist._id}`,
      headers: owner.headers,
      payload: {
        name: 'Both',
        rules: { all: [{ field: 'title', operator: 'startsWith', value: 'U1' }] },
        sort: { field: 'title', order: 'desc' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: SmartPlaylist }>().data).toMatchObject({ name: 'Both', songCount: 2 });
    expect(await titlesOf(playlist._id)).toEqual(['U1 y', 'U1 x']);
    const stranger = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/smart-playlists/${playlist._id}`,
      headers: other.headers,
      payload: { name: 'Mine' },
    });
    expect(stranger.statusCode).toBe(404);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/smart-playlists/${playlist._id}`,
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/user/playlists/${playlist._id}`, headers: owner.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe('sharing and song edits', () => {
  it('shows a public smart playlist to others, chosen by its owner’s plays', async () => {
    const mine = (await createSong(t, { title: 'SH1 mine' })).song;
    const theirs = (await createSong(t, { title: 'SH1 theirs' })).song;
    await play(mine, owner);
    await play(theirs, other);
    const rules = {
      all: [
        { field: 'title', operator: 'startsWith', value: 'SH1' },
        { field: 'playCount', operator: 'gt', value: 0 },
      ],
    };
    const shared = await create({ rules, isPublic: true });
    const secret = await create({ rules });
    expect(await titlesOf(shared._id, other)).toEqual(['SH1 mine']);
    const hidden = await t.app.inject({
      url: `/api/user/smart-playlists/${secret._id}`,
      headers: other.headers,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('refuses the ordinary song edits with 403 smart_playlist_read_only', async () => {
    const song = (await createSong(t, { title: 'E1 one' })).song;
    const playlist = await create({
      rules: { all: [{ field: 'title', operator: 'startsWith', value: 'E1' }] },
    });
    const base = `/api/user/playlists/${playlist._id}/songs/${song._id}`;
    for (const [method, url, payload] of [
      ['PUT', base, undefined],
      ['DELETE', base, undefined],
      ['PUT', `${base}/position`, { position: 0 }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: owner.headers, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'smart_playlist_read_only' });
    }
  });
});

describe('bad rules', () => {
  async function refused(body: Body): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/smart-playlists',
      headers: owner.headers,
      payload: { name: 'Bad', ...body },
    });
    expect(res.statusCode, res.body).toBe(400);
    return res.json<{ message: string }>().message;
  }
  const rule = { field: 'title', operator: 'is', value: 'x' };

  it('names the rule with an unknown field, a misfit operator or a wrong value', async () => {
    expect(
      await refused({
        rules: { all: [rule, rule, { any: [{ field: 'mood', operator: 'is', value: 'x' }] }] },
      }),
    ).toBe('rules.all[2].any[0]: unknown field "mood"');
    expect(
      await refused({ rules: { all: [{ field: 'year', operator: 'contains', value: '19' }] } }),
    ).toMatch(/^rules\.all\[0\]: operator "contains" does not fit field "year"/);
    expect(
      await refused({ rules: { all: [rule, { field: 'year', operator: 'gt', value: 'old' }] } }),
    ).toBe('rules.all[1]: value must be a number');
    expect(
      await refused({
        rules: { any: [{ field: 'dateAdded', operator: 'before', value: '2021-02-31' }] },
      }),
    ).toBe('rules.any[0]: value must be a day as YYYY-MM-DD');
    expect(
      await refused({ rules: { all: [{ field: 'liked', operator: 'is', value: 'yes' }] } }),
    ).toBe('rules.all[0]: value must be true or false');
    expect(await refused({ rules: { all: [] } })).toBe(
      'rules.all: must be a non-empty list of rules',
    );
    expect(await refused({ rules: rule })).toMatch(/^rules: must be a group/);
  });

  it('refuses nesting a thousand (or a hundred thousand) deep and too many rules, naming where', async () => {
    let deep: Body = { all: [rule] };
    for (let i = 0; i < 1000; i += 1) deep = { all: [deep] };
    expect(await refused({ rules: deep })).toMatch(
      /^rules(\.all\[0\])+: groups nest at most 6 deep$/,
    );
    expect(await refused({ rules: { any: Array.from({ length: 500 }, () => rule) } })).toMatch(
      /^rules\.any\[\d+\]: too many rules \(at most 100 in all\)$/,
    );
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/user/smart-playlists/preview',
      headers: owner.headers,
      payload: { rules: deep },
    });
    expect(preview.statusCode).toBe(400);
    // Nesting far past any stack: refused all the same, by the checker that does not recurse.
    const abyss = `${'{"all":['.repeat(100_000)}{"field":"title","operator":"is","value":"x"}${']}'.repeat(100_000)}`;
    const deepest = await t.app.inject({
      method: 'POST',
      url: '/api/user/smart-playlists/preview',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: `{"rules":${abyss}}`,
    });
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json<{ message: string }>().message).toMatch(/groups nest at most 6 deep$/);
  });
});
