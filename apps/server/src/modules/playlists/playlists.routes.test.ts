import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SongRow } from '../../db/schema';
import { storeCover as storeKeptCover } from '../../../test/covers';
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
let alice: CreatedUser;
let bob: CreatedUser;
let admin: CreatedUser;
let songs: SongRow[];

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t, { name: 'Alice' });
  bob = await createUser(t, { name: 'Bob' });
  admin = await createAdmin(t, { name: 'Curator' });
  songs = [];
  for (const title of ['First', 'Second', 'Third']) songs.push(await createSong(t, { title }));
});
afterAll(() => t.close());

const song = (index: number): SongRow => {
  const row = songs[index];
  if (!row) throw new Error(`no song ${index}`);
  return row;
};

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, who: CreatedUser | null) {
  return t.app.inject({ method, url, headers: who ? who.headers : {} });
}

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();

describe('GET /api/user/playlists', () => {
  let user: CreatedUser;
  let ids: Record<string, string>;

  beforeAll(async () => {
    user = await createUser(t, { name: 'Lister' });
    const other = await createUser(t);
    ids = {
      ownOld: await createPlaylist(t, user, { createdAt: at(1), songIds: [song(0).id] }),
      ownNewPrivate: await createPlaylist(t, user, { createdAt: at(5), isPublic: false }),
      othersPublic: await createPlaylist(t, other, { createdAt: at(9) }),
      defaultOld: await createPlaylist(t, admin, { createdAt: at(2), isDefault: true }),
      defaultNew: await createPlaylist(t, admin, {
        createdAt: at(8),
        isDefault: true,
        songIds: [song(1).id, song(2).id],
      }),
      defaultPrivate: await createPlaylist(t, admin, {
        createdAt: at(7),
        isDefault: true,
        isPublic: false,
      }),
      adminsOwn: await createPlaylist(t, admin, { createdAt: at(6) }),
    };
  });

  it("answers the caller's own playlists, then the default public ones, newest first in each", async () => {
    const res = await call('GET', '/api/user/playlists', user);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((p: { _id: string }) => p._id)).toEqual([
      ids.ownNewPrivate,
      ids.ownOld,
      ids.defaultNew,
      ids.defaultOld,
    ]);
    expect(body.nextCursor).toBeUndefined();
  });

  it('gives each playlist its cover, owner and song count, without the songs', async () => {
    const res = await call('GET', '/api/user/playlists', user);
    const defaultNew = res.json().data.find((p: { _id: string }) => p._id === ids.defaultNew);
    expect(defaultNew).toEqual({
      _id: ids.defaultNew,
      name: expect.any(String),
      description: '',
      coverImage: '/media/defaults/playlist.jpg',
      isPublic: true,
      isDefault: true,
      owner: { _id: admin.user._id, name: 'Curator' },
      songCount: 2,
      createdAt: at(8),
      coverMosaic: [],
    });
  });

  it('pages with limit and an opaque cursor across both sections', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const query = cursor ? `?limit=1&cursor=${encodeURIComponent(cursor)}` : '?limit=1';
      const res = await call('GET', `/api/user/playlists${query}`, user);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data).toHaveLength(1);
      seen.push(body.data[0]._id);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([ids.ownNewPrivate, ids.ownOld, ids.defaultNew, ids.defaultOld]);

    const two = await call('GET', '/api/user/playlists?limit=2', user);
    const rest = await call(
      'GET',
      `/api/user/playlists?limit=2&cursor=${encodeURIComponent(two.json().nextCursor)}`,
      user,
    );
    expect(rest.json().data.map((p: { _id: string }) => p._id)).toEqual([
      ids.defaultNew,
      ids.defaultOld,
    ]);
    expect(rest.json().nextCursor).toBeUndefined();
  });

  it('refuses a bad limit or cursor with 400', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'cursor=not-a-cursor',
      'cursor=eyJ9',
    ]) {
      const res = await call('GET', `/api/user/playlists?${query}`, user);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('is 401 for a visitor', async () => {
    expect((await call('GET', '/api/user/playlists', null)).statusCode).toBe(401);
  });
});

describe('GET /api/user/playlists/:id', () => {
  it('answers the songs in the order they were added', async () => {
    const id = await createPlaylist(t, alice, {
      songIds: [song(2).id, song(0).id, song(1).id],
    });
    const res = await call('GET', `/api/user/playlists/${id}`, alice);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.songCount).toBe(3);
    expect(data.songs.map((s: { title: string }) => s.title)).toEqual(['Third', 'First', 'Second']);
    expect(data.songs[0]).toMatchObject({
      _id: song(2).id,
      audioFile: expect.stringMatching(/^\/media\/audio\/.+\?expires=\d+&signature=/),
      coverImage: '/media/defaults/song.jpg',
    });
  });

  it("opens another user's public playlist (a shared link) but not a private one", async () => {
    const shared = await createPlaylist(t, bob, { isPublic: true });
    const hidden = await createPlaylist(t, bob, { isPublic: false });
    expect((await call('GET', `/api/user/playlists/${shared}`, alice)).statusCode).toBe(200);
    const res = await call('GET', `/api/user/playlists/${hidden}`, alice);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'playlist_not_found',
      message: 'Playlist not found.',
    });
    expect((await call('GET', `/api/user/playlists/${hidden}`, bob)).statusCode).toBe(200);
    // Admins follow the same rules on these routes.
    expect((await call('GET', `/api/user/playlists/${hidden}`, admin)).statusCode).toBe(404);
  });

  it('opens a default public playlist, not a default private one', async () => {
    const open = await createPlaylist(t, admin, { isDefault: true });
    const closed = await createPlaylist(t, admin, { isDefault: true, isPublic: false });
    expect((await call('GET', `/api/user/playlists/${open}`, alice)).statusCode).toBe(200);
    expect((await call('GET', `/api/user/playlists/${closed}`, alice)).statusCode).toBe(404);
  });

  it('is 404 for an unknown id', async () => {
    const res = await call(
      'GET',
      '/api/user/playlists/0190a0a0-0000-7000-8000-000000000000',
      alice,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT and DELETE /api/user/playlists/:playlistId/songs/:songId', () => {
  async function positions(playlistId: string) {
    const rows = await t.database.db
      .selectFrom('playlist_songs')
      .select(['song_id', 'position'])
      .where('playlist_id', '=', playlistId)
      .orderBy('position')
      .execute();
    return rows.map((row) => [row.song_id, row.position]);
  }

  it('adds a song at the end and answers the playlist with its songs', async () => {
    const id = await createPlaylist(t, alice, { songIds: [song(0).id] });
    const res = await call('PUT', `/api/user/playlists/${id}/songs/${song(2).id}`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { _id: id, songCount: 2, songs: [{ _id: song(0).id }, { _id: song(2).id }] },
    });
  });

  it('keeps one entry and answers 409 with a code when the same song is added twice', async () => {
    const id = await createPlaylist(t, alice);
    const first = await call('PUT', `/api/user/playlists/${id}/songs/${song(1).id}`, alice);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, data: { songs: [{ _id: song(1).id }] } });
    const again = await call('PUT', `/api/user/playlists/${id}/songs/${song(1).id}`, alice);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      code: 'song_already_in_playlist',
      message: 'This song is already in the playlist.',
    });
    expect(await positions(id)).toEqual([[song(1).id, 1]]);
  });

  it('is 404 for an unknown song or playlist', async () => {
    const id = await createPlaylist(t, alice);
    const missing = '0190a0a0-0000-7000-8000-000000000000';
    const noSong = await call('PUT', `/api/user/playlists/${id}/songs/${missing}`, alice);
    expect(noSong.statusCode).toBe(404);
    expect(noSong.json().message).toBe('Song not found.');
    const noPlaylist = await call(
      'PUT',
      `/api/user/playlists/${missing}/songs/${song(0).id}`,
      alice,
    );
    expect(noPlaylist.statusCode).toBe(404);
    expect(noPlaylist.json().message).toBe('Playlist not found.');
  });

  it('removes a song and keeps the positions dense', async () => {
    const id = await createPlaylist(t, alice, {
      songIds: [song(0).id, song(1).id, song(2).id],
    });
    const res = await call('DELETE', `/api/user/playlists/${id}/songs/${song(1).id}`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.songs.map((s: { _id: string }) => s._id)).toEqual([
      song(0).id,
      song(2).id,
    ]);
    await call('PUT', `/api/user/playlists/${id}/songs/${song(1).id}`, alice);
    expect(await positions(id)).toEqual([
      [song(0).id, 1],
      [song(2).id, 2],
      [song(1).id, 3],
    ]);
  });

  it('is 404 when removing a song that is not in the playlist', async () => {
    const id = await createPlaylist(t, alice, { songIds: [song(0).id] });
    const res = await call('DELETE', `/api/user/playlists/${id}/songs/${song(1).id}`, alice);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This song is not in the playlist.');
  });
});

describe('ownership', () => {
  const NOT_YOURS = 'You can only change your own playlists.';

  it('lets others read a public playlist but never change it (403)', async () => {
    const id = await createPlaylist(t, bob, { songIds: [song(0).id] });
    const attempts = [
      call('PUT', `/api/user/playlists/${id}/songs/${song(1).id}`, alice),
      call('DELETE', `/api/user/playlists/${id}/songs/${song(0).id}`, alice),
      call('DELETE', `/api/user/playlists/${id}`, alice),
      call('DELETE', `/api/user/playlists/${id}`, admin),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 'not_playlist_owner',
        message: NOT_YOURS,
      });
    }
    const after = await call('GET', `/api/user/playlists/${id}`, bob);
    expect(after.json().data.songs.map((s: { _id: string }) => s._id)).toEqual([song(0).id]);
  });

  it("answers 404 for every change to someone else's private playlist", async () => {
    const id = await createPlaylist(t, bob, { isPublic: false, songIds: [song(0).id] });
    for (const res of [
      await call('PUT', `/api/user/playlists/${id}/songs/${song(1).id}`, alice),
      await call('DELETE', `/api/user/playlists/${id}/songs/${song(0).id}`, alice),
      await call('DELETE', `/api/user/playlists/${id}`, alice),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Playlist not found.');
    }
  });

  it('keeps default playlists read-only on these routes, for their admin owner too', async () => {
    const id = await createPlaylist(t, admin, { isDefault: true, songIds: [song(0).id] });
    for (const who of [alice, admin]) {
      for (const res of [
        await call('PUT', `/api/user/playlists/${id}/songs/${song(1).id}`, who),
        await call('DELETE', `/api/user/playlists/${id}/songs/${song(0).id}`, who),
        await call('DELETE', `/api/user/playlists/${id}`, who),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Default playlists can only be changed in the admin area.');
      }
    }
    expect((await call('GET', `/api/user/playlists/${id}`, alice)).json().data.songCount).toBe(1);
  });

  it('is 401 for a visitor on every change', async () => {
    const id = await createPlaylist(t, alice);
    for (const res of [
      await call('PUT', `/api/user/playlists/${id}/songs/${song(0).id}`, null),
      await call('DELETE', `/api/user/playlists/${id}/songs/${song(0).id}`, null),
      await call('DELETE', `/api/user/playlists/${id}`, null),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('DELETE /api/user/playlists/:id', () => {
  async function storeCover(variant: string): Promise<string> {
    const blob = await storeKeptCover(t, pngBytes(variant));
    return blob.key;
  }

  it('deletes the playlist and its entries, not the songs', async () => {
    const id = await createPlaylist(t, alice, { songIds: [song(0).id, song(1).id] });
    const res = await call('DELETE', `/api/user/playlists/${id}`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Playlist deleted.' });
    expect((await call('GET', `/api/user/playlists/${id}`, alice)).statusCode).toBe(404);
    const entries = await t.database.db
      .selectFrom('playlist_songs')
      .select('song_id')
      .where('playlist_id', '=', id)
      .execute();
    expect(entries).toEqual([]);
    const list = await call('GET', `/api/user/playlists`, alice);
    expect(list.json().data.map((p: { _id: string }) => p._id)).not.toContain(id);
    expect(await t.blobs.head(song(0).audio_key)).not.toBeNull();
  });

  it('removes its cover only when no other playlist or song uses the same file', async () => {
    const cover = await storeCover('delete me');
    const first = await createPlaylist(t, alice, { coverKey: cover });
    const second = await createPlaylist(t, alice, { coverKey: cover });
    await call('DELETE', `/api/user/playlists/${first}`, alice);
    expect(await t.blobs.head(cover)).not.toBeNull();
    await call('DELETE', `/api/user/playlists/${second}`, alice);
    expect(await t.blobs.head(cover)).toBeNull();

    const songCover = await storeCover('shared with a song');
    await createSong(t, { coverKey: songCover });
    const third = await createPlaylist(t, alice, { coverKey: songCover });
    await call('DELETE', `/api/user/playlists/${third}`, alice);
    expect(await t.blobs.head(songCover)).not.toBeNull();
  });

  it('is 404 for an unknown playlist', async () => {
    const res = await call(
      'DELETE',
      '/api/user/playlists/0190a0a0-0000-7000-8000-000000000000',
      alice,
    );
    expect(res.statusCode).toBe(404);
  });
});
