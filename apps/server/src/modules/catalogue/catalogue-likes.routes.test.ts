import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album, Artist } from '@cadenza/contract/catalogue';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, restBoth, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { newId } from '../../ids';

type Kind = 'album' | 'artist';

let t: TestApp;
const songs: CreatedSong[] = [];
/** Albums and artists enough for three pages of two, the last one short. */
const ITEMS = 5;
const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';

const idOf = (song: CreatedSong, kind: Kind): string =>
  (kind === 'album' ? song.song.albumId : song.song.artists[0]?._id) ?? '';
const plural = (kind: Kind) => `${kind}s` as const;

function call(url: string, who: CreatedUser, method: 'GET' | 'PUT' = 'GET') {
  return t.app.inject({ method, url, headers: who.headers });
}

async function toggle(kind: Kind, id: string, who: CreatedUser): Promise<boolean> {
  const res = await call(`/api/user/${plural(kind)}/${id}/like`, who, 'PUT');
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ success: boolean; liked: boolean }>();
  expect(body.success).toBe(true);
  return body.liked;
}

async function marks(kind: Kind, who: CreatedUser): Promise<string[]> {
  const res = await call(`/api/user/${plural(kind)}/marks`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { liked: string[] } }>().data.liked;
}

/** Every liked album's or artist's id, read `limit` at a time by following the cursors. */
async function likedList(kind: Kind, who: CreatedUser, limit = 50) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const query = `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await call(`/api/user/${plural(kind)}/liked?${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: (Album | Artist)[]; nextCursor?: string }>();
    pages.push(body.data.map((item) => item._id));
    cursor = body.nextCursor;
  } while (cursor !== undefined && pages.length < 10);
  return pages;
}

async function subsonicAuth(who: CreatedUser): Promise<RestParams> {
  return { apiKey: await createApiKey(t, who), c: 'likes-test' };
}

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < ITEMS; i += 1) {
    songs.push(await createSong(t, { artist: `Liked Artist ${i}`, album: `Liked Album ${i}` }));
  }
}, 60_000);
afterAll(() => t.close());

describe.each(['album', 'artist'] as const)('PUT /api/user/%ss/:id/like', (kind) => {
  it('likes, then unlikes, and the marks and the liked list follow', async () => {
    const listener = await createUser(t);
    const id = idOf(songs[0]!, kind);
    expect(await toggle(kind, id, listener)).toBe(true);
    expect(await marks(kind, listener)).toEqual([id]);
    expect((await likedList(kind, listener)).flat()).toEqual([id]);

    expect(await toggle(kind, id, listener)).toBe(false);
    expect(await marks(kind, listener)).toEqual([]);
    expect((await likedList(kind, listener)).flat()).toEqual([]);
  });

  it("keeps each listener's likes their own", async () => {
    const [listener, other] = [await createUser(t), await createUser(t)];
    expect(await toggle(kind, idOf(songs[1]!, kind), listener)).toBe(true);
    expect(await marks(kind, other)).toEqual([]);
    expect((await likedList(kind, other)).flat()).toEqual([]);
    // The other listener's like is a like of their own, not a flip of the first one's.
    expect(await toggle(kind, idOf(songs[1]!, kind), other)).toBe(true);
    expect(await marks(kind, listener)).toEqual([idOf(songs[1]!, kind)]);
  });

  it(`answers 404 ${kind}_not_found for an unknown ${kind}, 400 for a malformed id`, async () => {
    const listener = await createUser(t);
    const missing = await call(`/api/user/${plural(kind)}/${UNKNOWN_ID}/like`, listener, 'PUT');
    expect(missing.statusCode).toBe(404);
    const name = kind === 'album' ? 'Album' : 'Artist';
    expect(missing.json()).toEqual({
      success: false,
      code: `${kind}_not_found`,
      message: `${name} not found.`,
    });
    expect(await marks(kind, listener)).toEqual([]);

    const malformed = await call(`/api/user/${plural(kind)}/not-an-id/like`, listener, 'PUT');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('invalid_input');
  });

  it('is for signed-in listeners only', async () => {
    const id = idOf(songs[0]!, kind);
    for (const [method, url] of [
      ['PUT', `/api/user/${plural(kind)}/${id}/like`],
      ['GET', `/api/user/${plural(kind)}/liked`],
      ['GET', `/api/user/${plural(kind)}/marks`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe.each(['album', 'artist'] as const)('GET /api/user/%ss/liked', (kind) => {
  /** Two likes share each second, so that the item's id breaks ties, also across pages. */
  const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 2) * 1000).toISOString();

  it('pages newest like first, ties broken by id, leaving out likes of items gone', async () => {
    const listener = await createUser(t);
    // Liked in an order unlike the items' own, and one like of an item that is gone since.
    const likes = [
      ...songs.map((song, i) => ({ item_id: idOf(song, kind), created_at: at((i * 3) % ITEMS) })),
      { item_id: newId(), created_at: at(ITEMS) },
    ];
    await t.database.db
      .insertInto('catalogue_stars')
      .values(likes.map((like) => ({ ...like, user_id: listener.user._id, kind })))
      .execute();
    const expected = likes
      .slice(0, ITEMS)
      .sort(
        (a, b) => b.created_at.localeCompare(a.created_at) || b.item_id.localeCompare(a.item_id),
      )
      .map((like) => like.item_id);

    const pages = await likedList(kind, listener, 2);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(expected);
    expect(await marks(kind, listener)).toEqual(expected);
  });

  it('answers what lists show of each, as the catalogue does', async () => {
    const listener = await createUser(t);
    const song = songs[2]!;
    await toggle(kind, idOf(song, kind), listener);
    const res = await call(`/api/user/${plural(kind)}/liked`, listener);
    const [item] = res.json<{ data: (Album & Artist)[] }>().data;
    if (kind === 'album') {
      expect(item).toMatchObject({
        _id: song.song.albumId,
        title: 'Liked Album 2',
        artist: { name: 'Liked Artist 2' },
        songCount: 1,
      });
    } else {
      expect(item).toMatchObject({ _id: idOf(song, kind), name: 'Liked Artist 2', songCount: 1 });
    }
    expect(res.json().nextCursor).toBeUndefined();
  });

  it('answers 400 invalid_cursor for a cursor it did not write', async () => {
    const listener = await createUser(t);
    const res = await call(`/api/user/${plural(kind)}/liked?cursor=bogus`, listener);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_cursor');
  });
});

describe('likes and the OpenSubsonic API’s stars', () => {
  it('show a like made on the web as a star in getStarred2 and the starred album list', async () => {
    const listener = await createUser(t);
    const auth = await subsonicAuth(listener);
    const [song] = songs;
    await toggle('album', idOf(song!, 'album'), listener);
    await toggle('artist', idOf(song!, 'artist'), listener);

    const starred = (await restBoth(t, 'getStarred2', auth)).starred2 as Record<
      string,
      { id: string; starred?: string }[]
    >;
    expect(starred.album?.map((album) => album.id)).toEqual([`al-${idOf(song!, 'album')}`]);
    expect(starred.artist?.map((artist) => artist.id)).toEqual([`ar-${idOf(song!, 'artist')}`]);
    expect(Date.parse(String(starred.album?.[0]?.starred))).not.toBeNaN();
    const list = (await restJson(t, 'getAlbumList2', { ...auth, type: 'starred' })).albumList2 as {
      album: { id: string }[];
    };
    expect(list.album.map((album) => album.id)).toEqual([`al-${idOf(song!, 'album')}`]);

    // Unliked on the web: no longer starred.
    await toggle('album', idOf(song!, 'album'), listener);
    await toggle('artist', idOf(song!, 'artist'), listener);
    expect((await restJson(t, 'getStarred2', auth)).starred2).toEqual({
      song: [],
      album: [],
      artist: [],
    });
  });

  it('show a star made over /rest as a like on the web, and an unstar takes it back', async () => {
    const listener = await createUser(t);
    const auth = await subsonicAuth(listener);
    const [first, second] = [songs[3]!, songs[4]!];
    const albumIds = [idOf(first, 'album'), idOf(second, 'album')];
    const artistId = idOf(first, 'artist');
    for (const albumId of albumIds) {
      const answer = await restJson(t, 'star', { ...auth, albumId: `al-${albumId}` });
      expect(answer.status).toBe('ok');
    }
    expect((await restJson(t, 'star', { ...auth, artistId: `ar-${artistId}` })).status).toBe('ok');

    expect(await marks('album', listener)).toHaveLength(2);
    expect((await likedList('album', listener)).flat().sort()).toEqual([...albumIds].sort());
    expect((await likedList('artist', listener)).flat()).toEqual([artistId]);
    // Starred already: the web's toggle takes the like back.
    expect(await toggle('artist', artistId, listener)).toBe(false);
    expect(await toggle('artist', artistId, listener)).toBe(true);

    await restJson(t, 'unstar', { ...auth, id: [`al-${albumIds[0]}`, `ar-${artistId}`] });
    expect((await likedList('album', listener)).flat()).toEqual([albumIds[1]]);
    expect(await marks('artist', listener)).toEqual([]);
  });

  it('refuses a star of an unknown album or artist with code 70, as before', async () => {
    const listener = await createUser(t);
    const auth = await subsonicAuth(listener);
    const unknown: RestParams[] = [
      { albumId: `al-${UNKNOWN_ID}` },
      { artistId: `ar-${UNKNOWN_ID}` },
    ];
    for (const params of unknown) {
      const answer = await restJson(t, 'star', { ...auth, ...params });
      expect(answer.status).toBe('failed');
      expect((answer.error as { code: number }).code).toBe(70);
    }
    expect(await marks('album', listener)).toEqual([]);
  });
});
