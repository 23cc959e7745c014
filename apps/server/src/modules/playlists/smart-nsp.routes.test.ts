import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmartPlaylist } from '@cadenza/contract/smart-playlists';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Navidrome's `.nsp` smart playlist files, imported and exported. The examples are those of
 * Navidrome's documentation of smart playlists (navidrome/navidrome#1417).
 */

const RECENTLY_PLAYED = {
  name: 'Recently Played',
  comment: 'Recently played tracks',
  all: [{ inTheLast: { lastPlayed: 30 } }],
  sort: 'lastPlayed',
  order: 'desc',
  limit: 100,
};

const EIGHTIES_TOP_SONGS = {
  all: [
    { any: [{ is: { loved: true } }, { gt: { rating: 3 } }] },
    { inTheRange: { year: [1981, 1990] } },
  ],
  sort: 'year',
  order: 'desc',
  limit: 25,
};

const FAVOURITES = {
  all: [{ is: { loved: true } }],
  sort: 'dateLoved',
  order: 'desc',
  limit: 500,
};

const ALL_SONGS_RANDOM = {
  all: [{ gt: { playCount: -1 } }],
  sort: 'random',
};

let t: TestApp;
let owner: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
});
afterAll(() => t.close());

function importNsp(document: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/smart-playlists/nsp',
    headers: owner.headers,
    payload: document as Record<string, unknown>,
  });
}

async function imported(document: unknown): Promise<SmartPlaylist> {
  const res = await importNsp(document);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: SmartPlaylist }>().data;
}

async function exported(id: string): Promise<Record<string, unknown>> {
  const res = await t.app.inject({
    url: `/api/user/smart-playlists/${id}/nsp`,
    headers: owner.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.nsp"$/);
  return res.json();
}

describe('.nsp import and export', () => {
  it('round-trips the documented "Recently Played" example exactly', async () => {
    const playlist = await imported(RECENTLY_PLAYED);
    expect(playlist).toMatchObject({
      name: 'Recently Played',
      description: 'Recently played tracks',
      isSmart: true,
      rules: { all: [{ field: 'lastPlayed', operator: 'inTheLast', value: 30 }] },
      sort: { field: 'lastPlayed', order: 'desc' },
      limit: 100,
    });
    expect(await exported(playlist._id)).toEqual(RECENTLY_PLAYED);
  });

  it('round-trips the documented random example, and it holds every song', async () => {
    await createSong(t, { title: 'Any one' });
    await createSong(t, { title: 'Any two' });
    const playlist = await imported(ALL_SONGS_RANDOM);
    expect(playlist).toMatchObject({
      rules: { all: [{ field: 'playCount', operator: 'gt', value: -1 }] },
      sort: { field: 'random' },
      limit: null,
      songCount: 2,
    });
    const { name: _name, comment: _comment, ...rules } = await exported(playlist._id);
    expect(rules).toEqual(ALL_SONGS_RANDOM);
  });

  it('exports what the editor made, and reads it back to the same rules', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/user/smart-playlists',
      headers: owner.headers,
      payload: {
        name: 'Eighties, loved or long',
        rules: {
          all: [
            {
              any: [
                { field: 'liked', operator: 'is', value: true },
                { field: 'duration', operator: 'gt', value: 300 },
              ],
            },
            { field: 'year', operator: 'inTheRange', value: [1981, 1990] },
            { field: 'albumArtist', operator: 'notContains', value: 'Various' },
            { field: 'dateAdded', operator: 'before', value: '2030-01-01' },
          ],
        },
        sort: { field: 'year', order: 'desc' },
        limit: 25,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const original = made.json<{ data: SmartPlaylist }>().data;
    const file = await exported(original._id);
    expect(file).toEqual({
      name: 'Eighties, loved or long',
      comment: '',
      all: [
        { any: [{ is: { loved: true } }, { gt: { duration: 300 } }] },
        { inTheRange: { year: [1981, 1990] } },
        { notContains: { albumArtist: 'Various' } },
        { before: { dateAdded: '2030-01-01' } },
      ],
      sort: 'year',
      order: 'desc',
      limit: 25,
    });
    const again = await imported(file);
    expect({ rules: again.rules, sort: again.sort, limit: again.limit }).toEqual({
      rules: original.rules,
      sort: original.sort,
      limit: original.limit,
    });
  });

  it('reads field and operator names in any case, and a "-" sort as descending', async () => {
    const playlist = await imported({
      name: 'Lower case',
      any: [{ NOTINTHELAST: { lastplayed: 90 } }, { is: { FileType: 'flac' } }],
      sort: '-playcount',
    });
    expect(playlist).toMatchObject({
      rules: {
        any: [
          { field: 'lastPlayed', operator: 'notInTheLast', value: 90 },
          { field: 'fileType', operator: 'is', value: 'flac' },
        ],
      },
      sort: { field: 'playCount', order: 'desc' },
    });
  });

  it('refuses what Cadenza does not support with a 400 naming it', async () => {
    const eighties = await importNsp(EIGHTIES_TOP_SONGS);
    expect(eighties.statusCode).toBe(400);
    expect(eighties.json()).toMatchObject({
      code: 'nsp_unsupported',
      message: 'nsp.all[0].any[1]: field "rating" is not supported',
    });
    const favourites = await importNsp(FAVOURITES);
    expect(favourites.json()).toMatchObject({
      code: 'nsp_unsupported',
      message: 'nsp.sort: field "dateLoved" is not supported',
    });
    const operator = await importNsp({ all: [{ matches: { title: 'x' } }] });
    expect(operator.json()).toMatchObject({
      message: 'nsp.all[0]: operator "matches" is not supported',
    });
    const misfit = await importNsp({ all: [{ contains: { year: 1990 } }] });
    expect(misfit.statusCode).toBe(400);
    expect(misfit.json<{ message: string }>().message).toMatch(
      /^nsp\.all\[0\]: operator "contains" does not fit field "year"/,
    );
    const extra = await importNsp({ all: [{ is: { loved: true } }], limitPercent: 10 });
    expect(extra.json()).toMatchObject({ message: 'nsp: "limitPercent" is not supported' });
    let deep: Record<string, unknown> = { all: [{ is: { loved: true } }] };
    for (let i = 0; i < 1000; i += 1) deep = { any: [deep] };
    const nested = await importNsp({ all: [deep] });
    expect(nested.statusCode).toBe(400);
    expect(nested.json<{ message: string }>().message).toMatch(/groups nest at most 6 deep$/);
    const notObject = await importNsp([1, 2]);
    expect(notObject.statusCode).toBe(400);
  });
});
