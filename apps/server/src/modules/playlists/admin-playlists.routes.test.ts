import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@cadenza/contract/admin';
import { coverMessages } from '@cadenza/contract/covers';
import { playlistMessages } from '@cadenza/contract/playlists';
import { coverUrlOf } from '../../../test/covers';
import { createAdmin, createPlaylist, createUser, type CreatedUser } from '../../../test/factories';
import { filesUnder, pngBytes } from '../../../test/media-files';
import { multipartBody, type FormFile } from '../../../test/multipart';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: CreatedUser;
let otherAdmin: CreatedUser;
let listener: CreatedUser;
const songs: CreatedSong[] = [];
const song = (index: number) => songs[index]!.song;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { name: 'Curator' });
  otherAdmin = await createAdmin(t);
  listener = await createUser(t);
  for (let index = 0; index < 4; index += 1) songs.push(await createSong(t));
});
afterAll(() => t.close());

type Parts = Record<string, string | readonly string[] | FormFile>;

function sendForm(method: 'POST' | 'PUT', url: string, parts: Parts) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({ method, url, headers: { ...admin.headers, ...headers }, payload });
}
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, who: CreatedUser = admin) =>
  t.app.inject({ method, url, headers: who.headers });
const png = (variant: string): FormFile => ({
  filename: 'cover.png',
  contentType: 'image/png',
  content: pngBytes(variant),
});
const keyOf = (url: string) => url.replace(/^\/media\//, '');
const songIdsOf = (playlist: { songs: Array<{ _id: string }> }) => playlist.songs.map((s) => s._id);

async function opened(playlistId: string) {
  const res = await call('GET', `/api/admin/playlists/${playlistId}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('POST /api/admin/playlists', () => {
  it('creates a default public playlist with its songs in the order given', async () => {
    const res = await sendForm('POST', '/api/admin/playlists', {
      name: 'Editors’ picks',
      description: 'Fresh this week',
      coverImage: png('picks'),
      songs: [song(2)._id, song(0)._id, song(2)._id],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toEqual({
      _id: expect.any(String),
      name: 'Editors’ picks',
      description: 'Fresh this week',
      coverImage: await coverUrlOf(t, pngBytes('picks')),
      isPublic: true,
      isDefault: true,
      owner: { _id: admin.user._id, name: 'Curator' },
      songCount: 2,
      createdAt: expect.any(String),
      coverMosaic: [],
    });
    expect(songIdsOf(await opened(created._id))).toEqual([song(2)._id, song(0)._id]);
  });

  it("reads the flags as 'true'/'false' and the songs as a JSON array", async () => {
    const res = await sendForm('POST', '/api/admin/playlists', {
      name: 'Hidden',
      isDefault: 'false',
      isPublic: 'false',
      songs: JSON.stringify([song(1)._id, song(3)._id]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ isDefault: false, isPublic: false, songCount: 2 });
    expect(songIdsOf(await opened(res.json().data._id))).toEqual([song(1)._id, song(3)._id]);
  });

  it('accepts JSON too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/playlists',
      headers: admin.headers,
      payload: { name: 'From JSON', isDefault: false, songs: [song(0)._id] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'From JSON', isDefault: false, songCount: 1 });
  });

  it('refuses bad fields and unknown songs, keeping neither a row nor the cover', async () => {
    const before = filesUnder(t.blobs.root);
    const cases: Array<[Parts, number, string]> = [
      [{ name: ' ' }, 400, playlistMessages.nameRequired],
      [{ name: 'Flags', isDefault: 'yes' }, 400, adminMessages.isDefaultInvalid],
      [{ name: 'Flags', isPublic: 'no' }, 400, playlistMessages.isPublicInvalid],
      [{ name: 'Lost', songs: ['0190a0a0-0000-7000-8000-000000000000'] }, 404, 'Song not found.'],
    ];
    for (const [fields, status, message] of cases) {
      const res = await sendForm('POST', '/api/admin/playlists', {
        ...fields,
        coverImage: png('refused'),
      });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const wrongCover = await sendForm('POST', '/api/admin/playlists', {
      name: 'Text cover',
      coverImage: { filename: 'c.png', contentType: 'image/png', content: Buffer.from('text') },
    });
    expect(wrongCover.statusCode).toBe(415);
    expect(wrongCover.json().message).toBe(coverMessages.notAnImage);
    expect(filesUnder(t.blobs.root)).toEqual(before);
    const names = (await call('GET', '/api/admin/playlists'))
      .json()
      .data.map((p: { name: string }) => p.name);
    expect(names).not.toContain('Lost');
  });
});

describe('GET /api/admin/playlists', () => {
  it("lists the admins' playlists only, newest first, a page at a time", async () => {
    const mine = await createPlaylist(t, admin, { name: 'Mine' });
    const colleague = await createPlaylist(t, otherAdmin, { name: 'Colleague’s' });
    const listeners = await createPlaylist(t, listener, { name: 'Listener’s' });
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await call(
        'GET',
        `/api/admin/playlists?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      ids.push(...res.json().data.map((p: { _id: string }) => p._id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(ids.slice(0, 2)).toEqual([colleague, mine]);
    expect(ids).not.toContain(listeners);
  });
});

describe('PUT /api/admin/playlists/:id', () => {
  it('changes what is sent, never the song list, and replaces the cover', async () => {
    const created = await sendForm('POST', '/api/admin/playlists', {
      name: 'Before',
      description: 'Kept',
      coverImage: png('old'),
      songs: [song(0)._id],
    });
    const id = created.json().data._id;
    const oldCover = keyOf(created.json().data.coverImage);
    const res = await sendForm('PUT', `/api/admin/playlists/${id}`, {
      name: 'After',
      isPublic: 'false',
      coverImage: png('new'),
      songs: [song(1)._id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'After',
      description: 'Kept',
      isPublic: false,
      isDefault: true,
      coverImage: await coverUrlOf(t, pngBytes('new')),
      songCount: 1,
    });
    expect(songIdsOf(await opened(id))).toEqual([song(0)._id]);
    expect(await t.blobs.head(oldCover)).toBeNull();
  });

  it("lets any admin edit another admin's playlist, but not a listener's (404)", async () => {
    const colleague = await createPlaylist(t, otherAdmin);
    const edited = await sendForm('PUT', `/api/admin/playlists/${colleague}`, { name: 'Shared' });
    expect(edited.statusCode).toBe(200);
    const listeners = await createPlaylist(t, listener);
    const refused = await sendForm('PUT', `/api/admin/playlists/${listeners}`, { name: 'No' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Playlist not found.');
  });

  it('keeps the old cover and drops the new one when the edit is refused', async () => {
    const id = await createPlaylist(t, admin);
    const before = filesUnder(t.blobs.root);
    const res = await sendForm('PUT', `/api/admin/playlists/${id}`, {
      name: '',
      coverImage: png('refused edit'),
    });
    expect(res.statusCode).toBe(400);
    expect(filesUnder(t.blobs.root)).toEqual(before);
  });
});

describe('songs of an admin playlist', () => {
  it('adds songs at the end (once) and removes one', async () => {
    const id = await createPlaylist(t, admin);
    for (const index of [3, 1, 2]) {
      const res = await call('PUT', `/api/admin/playlists/${id}/songs/${song(index)._id}`);
      expect(res.statusCode).toBe(200);
    }
    const twice = await call('PUT', `/api/admin/playlists/${id}/songs/${song(3)._id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('song_already_in_playlist');
    expect(songIdsOf(await opened(id))).toEqual([song(3)._id, song(1)._id, song(2)._id]);
    const removed = await call('DELETE', `/api/admin/playlists/${id}/songs/${song(1)._id}`);
    expect(removed.statusCode).toBe(200);
    expect(songIdsOf(removed.json().data)).toEqual([song(3)._id, song(2)._id]);
    const again = await call('DELETE', `/api/admin/playlists/${id}/songs/${song(1)._id}`);
    expect(again.statusCode).toBe(404);
    const unknownSong = await call(
      'PUT',
      `/api/admin/playlists/${id}/songs/0190a0a0-0000-7000-8000-000000000000`,
    );
    expect(unknownSong.statusCode).toBe(404);
    expect(unknownSong.json().message).toBe('Song not found.');
  });

  it("does not touch a listener's playlist", async () => {
    const id = await createPlaylist(t, listener);
    const res = await call('PUT', `/api/admin/playlists/${id}/songs/${song(0)._id}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/playlists/:id', () => {
  it('deletes the playlist, keeps its songs, and removes its unused cover', async () => {
    const created = await sendForm('POST', '/api/admin/playlists', {
      name: 'Short-lived',
      coverImage: png('short-lived'),
      songs: [song(0)._id],
    });
    const id = created.json().data._id;
    const res = await call('DELETE', `/api/admin/playlists/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Playlist deleted.' });
    expect((await call('GET', `/api/admin/playlists/${id}`)).statusCode).toBe(404);
    expect(await t.blobs.head(keyOf(created.json().data.coverImage))).toBeNull();
    const songStill = await t.database.db
      .selectFrom('songs')
      .select('id')
      .where('id', '=', song(0)._id)
      .execute();
    expect(songStill).toHaveLength(1);
  });

  it("answers 404 for a listener's playlist and leaves it alone", async () => {
    const id = await createPlaylist(t, listener);
    expect((await call('DELETE', `/api/admin/playlists/${id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/user/playlists/${id}`, listener)).statusCode).toBe(200);
  });

  it('shows default public admin playlists to listeners', async () => {
    const created = await sendForm('POST', '/api/admin/playlists', { name: 'For everyone' });
    const list = await call('GET', '/api/user/playlists', listener);
    expect(list.json().data.map((p: { _id: string }) => p._id)).toContain(created.json().data._id);
  });
});
