import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SongRow } from '../../db/schema';
import { storeCover } from '../../../test/covers';
import {
  createAdmin,
  createPlaylist,
  createSong,
  createUser,
  type CreatedUser,
} from '../../../test/factories';
import { pngBytes } from '../../../test/media-files';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: CreatedUser;
let stranger: CreatedUser;
let admin: CreatedUser;
let songs: SongRow[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: 'Owner' });
  stranger = await createUser(t);
  admin = await createAdmin(t);
  songs = [];
  for (let index = 0; index < 6; index += 1)
    songs.push(await createSong(t, { title: `S${index}` }));
});
afterAll(() => t.close());

const id = (index: number) => songs[index]!.id;
const base = (playlistId: string) => `/api/user/playlists/${playlistId}`;

function move(playlistId: string, songId: string, position: unknown, who = owner) {
  return t.app.inject({
    method: 'PUT',
    url: `${base(playlistId)}/songs/${songId}/position`,
    headers: who.headers,
    payload: { position } as object,
  });
}
async function order(playlistId: string): Promise<string[]> {
  const res = await t.app.inject({ url: base(playlistId), headers: owner.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data.songs.map((song: { _id: string }) => song._id);
}
async function storedPositions(playlistId: string): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('playlist_songs')
    .select('position')
    .where('playlist_id', '=', playlistId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.position);
}

describe('PUT /api/user/playlists/:playlistId/songs/:songId/position', () => {
  it('moves a song down and up, answering the playlist in its new order', async () => {
    const playlist = await createPlaylist(t, owner, { songIds: [0, 1, 2, 3].map(id) });
    const down = await move(playlist, id(0), 2);
    expect(down.statusCode).toBe(200);
    const answered = down.json().data.songs.map((song: { _id: string }) => song._id);
    expect(answered).toEqual([id(1), id(2), id(0), id(3)]);
    const up = await move(playlist, id(3), 0);
    expect(up.statusCode).toBe(200);
    expect(await order(playlist)).toEqual([id(3), id(1), id(2), id(0)]);
    const still = await move(playlist, id(2), 2);
    expect(still.statusCode).toBe(200);
    expect(await order(playlist)).toEqual([id(3), id(1), id(2), id(0)]);
    expect(await storedPositions(playlist)).toEqual([1, 2, 3, 4]);
  });

  it('keeps positions dense when songs are added and removed around moves', async () => {
    const playlist = await createPlaylist(t, owner, { songIds: [0, 1, 2].map(id) });
    await move(playlist, id(2), 0);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${base(playlist)}/songs/${id(0)}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    const added = await t.app.inject({
      method: 'PUT',
      url: `${base(playlist)}/songs/${id(4)}`,
      headers: owner.headers,
    });
    expect(added.statusCode).toBe(200);
    expect(await order(playlist)).toEqual([id(2), id(1), id(4)]);
    expect(await storedPositions(playlist)).toEqual([1, 2, 3]);
    await move(playlist, id(4), 1);
    expect(await order(playlist)).toEqual([id(2), id(4), id(1)]);
  });

  it('answers 400 for a position out of range or not a whole number', async () => {
    const playlist = await createPlaylist(t, owner, { songIds: [0, 1].map(id) });
    const past = await move(playlist, id(0), 2);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      code: 'position_out_of_range',
      message: 'Position must be from 0 to 1.',
    });
    for (const position of [-1, 1.5, '1', null]) {
      const res = await move(playlist, id(0), position);
      expect(res.statusCode, String(position)).toBe(400);
      expect(res.json().message).toBe('Position must be a whole number from 0');
    }
    const noBody = await t.app.inject({
      method: 'PUT',
      url: `${base(playlist)}/songs/${id(0)}/position`,
      headers: owner.headers,
    });
    expect(noBody.statusCode).toBe(400);
    expect(await order(playlist)).toEqual([id(0), id(1)]);
  });

  it("answers 404 for a song not in it or an unknown playlist, 403 for someone else's", async () => {
    const playlist = await createPlaylist(t, owner, { songIds: [id(0)] });
    const notThere = await move(playlist, id(1), 0);
    expect(notThere.statusCode).toBe(404);
    expect(notThere.json().code).toBe('song_not_in_playlist');
    const unknown = await move('0190a0a0-0000-7000-8000-000000000000', id(0), 0);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('playlist_not_found');
    const others = await move(playlist, id(0), 0, stranger);
    expect(others.statusCode).toBe(403);
    const privateOne = await createPlaylist(t, owner, { isPublic: false, songIds: [id(0)] });
    expect((await move(privateOne, id(0), 0, stranger)).statusCode).toBe(404);
    const featured = await createPlaylist(t, admin, { isDefault: true, songIds: [id(0)] });
    expect((await move(featured, id(0), 0)).json().code).toBe('default_playlist_read_only');
  });

  it('runs concurrent moves one after the other, never corrupting the order', async () => {
    const playlist = await createPlaylist(t, owner, { songIds: [0, 1, 2, 3, 4, 5].map(id) });
    const results = await Promise.all([
      move(playlist, id(0), 5),
      move(playlist, id(5), 0),
      move(playlist, id(2), 4),
      move(playlist, id(3), 1),
    ]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await storedPositions(playlist)).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...(await order(playlist))].sort()).toEqual([0, 1, 2, 3, 4, 5].map(id).sort());
  });
});

describe('GET /api/user/playlists/:id/songs', () => {
  it('pages the songs in their order with limit and cursor', async () => {
    const playlist = await createPlaylist(t, owner, { songIds: [3, 1, 4, 0, 2].map(id) });
    await move(playlist, id(2), 0);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const query = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const res = await t.app.inject({
        url: `${base(playlist)}/songs${query}`,
        headers: stranger.headers,
      });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().data.map((song: { _id: string }) => song._id));
      cursor = res.json().nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([2, 3, 1, 4, 0].map(id));
    expect(pages).toBe(3);
  });

  it('follows the visibility of the playlist and refuses foreign cursors', async () => {
    const privateOne = await createPlaylist(t, owner, { isPublic: false, songIds: [id(0)] });
    const hidden = await t.app.inject({
      url: `${base(privateOne)}/songs`,
      headers: stranger.headers,
    });
    expect(hidden.statusCode).toBe(404);
    const own = await t.app.inject({ url: `${base(privateOne)}/songs`, headers: owner.headers });
    expect(own.json().data).toHaveLength(1);
    const foreign = await t.app.inject({
      url: `${base(privateOne)}/songs?cursor=${Buffer.from('{"after":"x"}').toString('base64url')}`,
      headers: owner.headers,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('invalid_cursor');
  });
});

describe('coverMosaic', () => {
  it('shows the covers of up to four different albums among the first songs', async () => {
    const covers = [];
    for (const variant of ['m1', 'm2', 'm3', 'm4', 'm5']) {
      covers.push((await storeCover(t, pngBytes(variant))).key);
    }
    const [a, b, c, d, e] = covers;
    const rows = [
      await createSong(t, { coverKey: a }),
      await createSong(t, { coverKey: a }),
      await createSong(t, { coverKey: null }),
      await createSong(t, { coverKey: b }),
      await createSong(t, { coverKey: c }),
      await createSong(t, { coverKey: d }),
      await createSong(t, { coverKey: e }),
    ];
    const playlist = await createPlaylist(t, owner, { songIds: rows.map((row) => row.id) });
    const res = await t.app.inject({ url: base(playlist), headers: owner.headers });
    expect(res.json().data.coverMosaic).toEqual([a, b, c, d].map((key) => `/media/${key}`));

    const listed = await t.app.inject({ url: '/api/user/playlists', headers: owner.headers });
    const inList = listed.json().data.find((p: { _id: string }) => p._id === playlist);
    expect(inList.coverMosaic).toEqual([a, b, c, d].map((key) => `/media/${key}`));

    const empty = await createPlaylist(t, owner);
    const none = await t.app.inject({ url: base(empty), headers: owner.headers });
    expect(none.json().data.coverMosaic).toEqual([]);

    const covered = await createPlaylist(t, owner, {
      coverKey: (await storeCover(t, pngBytes('own'))).key,
      songIds: [rows[0]!.id],
    });
    const own = await t.app.inject({ url: base(covered), headers: owner.headers });
    expect(own.json().data.coverMosaic).toEqual([]);
  });
});
