import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarkMessages, MAX_BOOKMARK_COMMENT_LENGTH } from '@cadenza/contract/bookmarks';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** A listener's places in songs under /api/user: kept, moved, listed, removed; their own only. */

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
let episode: CreatedSong;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
  episode = await createSong(t, { title: 'A long mix', artist: 'Bookmark DJ', duration: 3600 });
});
afterAll(() => t.close());

const url = (song: CreatedSong) => `/api/user/songs/${song.song._id}/bookmark`;

function save(user: CreatedUser, song: CreatedSong, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: url(song), headers: user.headers, payload });
}

async function bookmarkOf(user: CreatedUser, song: CreatedSong) {
  const res = await t.app.inject({ url: url(song), headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data.bookmark as Record<string, unknown> | null;
}

describe('bookmarks on the web API', () => {
  it('keeps a place in a song, moves it, keeps the comment unless given another', async () => {
    expect(await bookmarkOf(listener, episode)).toBeNull();
    const first = await save(listener, episode, { positionMs: 754_000, comment: 'Side B' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      positionMs: 754_000,
      comment: 'Side B',
      song: { _id: episode.song._id, title: 'A long mix' },
    });

    const moved = await save(listener, episode, { positionMs: 1_200_000 });
    expect(moved.json().data).toMatchObject({ positionMs: 1_200_000, comment: 'Side B' });
    expect(moved.json().data.createdAt).toBe(first.json().data.createdAt);
    expect(await bookmarkOf(listener, episode)).toMatchObject({ positionMs: 1_200_000 });

    // Another listener has none of it.
    expect(await bookmarkOf(admin, episode)).toBeNull();
  });

  it('lists them the latest changed first, and takes a place past the end as the end', async () => {
    const short = await createSong(t, { title: 'Short', duration: 60 });
    await save(listener, episode, { positionMs: 1000 });
    const clamped = await save(listener, short, { positionMs: 999_999 });
    expect(clamped.json().data.positionMs).toBe(60_000);

    const res = await t.app.inject({ url: '/api/user/bookmarks', headers: listener.headers });
    expect(res.statusCode).toBe(200);
    const titles = (res.json().data as { song: { title: string } }[]).map((b) => b.song.title);
    expect(titles).toEqual(['Short', 'A long mix']);
  });

  it('removes one, then says there is none to remove', async () => {
    await save(listener, episode, { positionMs: 5000 });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: url(episode),
      headers: listener.headers,
    });
    expect(removed.json()).toEqual({ success: true, message: bookmarkMessages.removed });
    const again = await t.app.inject({
      method: 'DELETE',
      url: url(episode),
      headers: listener.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'bookmark_not_found' });
  });

  it('goes with its song when the song is deleted', async () => {
    const doomed = await createSong(t, { title: 'Soon gone', duration: 900 });
    await save(listener, doomed, { positionMs: 1000 });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/songs/${doomed.song._id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const res = await t.app.inject({ url: '/api/user/bookmarks', headers: listener.headers });
    const ids = (res.json().data as { song: { _id: string } }[]).map((b) => b.song._id);
    expect(ids).not.toContain(doomed.song._id);
    expect((await save(listener, doomed, { positionMs: 1 })).statusCode).toBe(404);
  });

  it.each([
    ['a negative position', { positionMs: -1 }, bookmarkMessages.position],
    ['a fractional position', { positionMs: 1.5 }, bookmarkMessages.position],
    ['no position', {}, bookmarkMessages.position],
    [
      'a comment too long',
      { positionMs: 1, comment: 'x'.repeat(MAX_BOOKMARK_COMMENT_LENGTH + 1) },
      bookmarkMessages.commentTooLong,
    ],
  ])('refuses %s with 400 and the reason', async (_case, payload, message) => {
    const res = await save(listener, episode, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('answers 404 for an unknown song and 401 without a session', async () => {
    const unknown = await t.app.inject({
      url: '/api/user/songs/00000000-0000-4000-8000-000000000000/bookmark',
      headers: listener.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ url: url(episode) })).statusCode).toBe(401);
  });
});
