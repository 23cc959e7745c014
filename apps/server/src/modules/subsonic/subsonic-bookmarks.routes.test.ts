import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { checkOpenSubsonicAnswer } from '../../../test/opensubsonic-schemas';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, restBoth, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Subsonic's bookmarks, the same places the web keeps in long tracks. */

let t: TestApp;
let listener: CreatedUser;
let auth: RestParams;
let audiobook: CreatedSong;

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  auth = { apiKey: await createApiKey(t, listener), c: 'Amperfy' };
  audiobook = await createSong(t, { title: 'Chapter 1', artist: 'Narrator', duration: 2400 });
});
afterAll(() => t.close());

const id = () => `tr-${audiobook.song._id}`;

async function bookmarks(params: RestParams = auth) {
  const answer = await restBoth(t, 'getBookmarks', params);
  expect(answer.status).toBe('ok');
  checkOpenSubsonicAnswer('getBookmarks', answer);
  return (answer.bookmarks as { bookmark?: Record<string, unknown>[] }).bookmark ?? [];
}

describe('getBookmarks, createBookmark and deleteBookmark', () => {
  it('round-trip a bookmark, which the web reads as its own', async () => {
    const created = await restJson(t, 'createBookmark', {
      ...auth,
      id: id(),
      position: 601_500,
      comment: 'Where the storm starts',
    });
    expect(created.status).toBe('ok');
    const [bookmark] = await bookmarks();
    expect(bookmark).toMatchObject({
      position: 601_500,
      username: listener.user.email,
      comment: 'Where the storm starts',
      entry: { id: id(), title: 'Chapter 1' },
    });

    const web = await t.app.inject({
      url: `/api/user/songs/${audiobook.song._id}/bookmark`,
      headers: listener.headers,
    });
    expect(web.json().data.bookmark).toMatchObject({
      positionMs: 601_500,
      comment: 'Where the storm starts',
    });

    // Created again, it is moved (one per song).
    await restJson(t, 'createBookmark', { ...auth, id: id(), position: 700_000 });
    expect(await bookmarks()).toEqual([expect.objectContaining({ position: 700_000 })]);

    expect((await restJson(t, 'deleteBookmark', { ...auth, id: id() })).status).toBe('ok');
    expect(await bookmarks()).toEqual([]);
  });

  it("keeps each listener's bookmarks their own", async () => {
    await restJson(t, 'createBookmark', { ...auth, id: id(), position: 1000 });
    const other = { apiKey: await createApiKey(t, await createUser(t)) };
    expect(await bookmarks(other)).toEqual([]);
    const removed = await restJson(t, 'deleteBookmark', { ...other, id: id() });
    expect(removed).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect(await bookmarks()).toHaveLength(1);
  });

  it.each([
    ['createBookmark without an id', 'createBookmark', { position: 1 }, 10],
    ['createBookmark without a position', 'createBookmark', { id: 'SONG' }, 10],
    ['createBookmark at a negative position', 'createBookmark', { id: 'SONG', position: -5 }, 0],
    [
      'createBookmark with a comment too long',
      'createBookmark',
      { id: 'SONG', position: 1, comment: 'x'.repeat(501) },
      0,
    ],
    ['createBookmark of an unknown song', 'createBookmark', { id: 'tr-nope', position: 1 }, 70],
    ['createBookmark of an album', 'createBookmark', { id: 'al-nope', position: 1 }, 70],
    ['deleteBookmark without an id', 'deleteBookmark', {}, 10],
    ['deleteBookmark of an unknown song', 'deleteBookmark', { id: 'tr-nope' }, 70],
  ])('answers %s with its error code', async (_case, endpoint, params, code) => {
    const withSong = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [name, value === 'SONG' ? id() : value]),
    );
    const answer = await restJson(t, endpoint, { ...auth, ...withSong });
    expect(answer).toMatchObject({ status: 'failed', error: { code } });
  });
});
