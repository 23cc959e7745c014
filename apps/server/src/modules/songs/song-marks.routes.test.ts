import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_SONGS_CAP, type Profile } from '@cadenza/contract/profile';
import type { Song, SongMarks } from '@cadenza/contract/songs';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Likes enough for three pages of 50, the last one short. */
const LIKES = 120;
const SAVES = 7;

let t: TestApp;
let listener: CreatedUser;
let other: CreatedUser;
const songs: CreatedSong[] = [];
/** The listener's liked song ids, newest like first: (like time, song id) descending. */
let likedOrder: string[] = [];
let savedOrder: string[] = [];

/** Two likes share each second, so that the song id breaks ties, also across pages. */
const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 2) * 1000).toISOString();

function newestFirst(marks: { id: string; createdAt: string }[]): string[] {
  return [...marks]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .map((mark) => mark.id);
}

function get(url: string, who: CreatedUser) {
  return t.app.inject({ method: 'GET', url, headers: who.headers });
}

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  other = await createUser(t);
  for (let i = 0; i < LIKES; i += 1) songs.push(await createSong(t));
  // Liked in an order unlike the songs' own.
  const likes = songs.map((song, i) => ({
    user_id: listener.user._id,
    song_id: song.song._id,
    created_at: at((i * 37) % LIKES),
  }));
  await t.database.db.insertInto('likes').values(likes).execute();
  likedOrder = newestFirst(likes.map((like) => ({ id: like.song_id, createdAt: like.created_at })));
  const saves = songs.slice(0, SAVES).map((song, i) => ({
    user_id: listener.user._id,
    song_id: song.song._id,
    created_at: at(i),
  }));
  await t.database.db.insertInto('saves').values(saves).execute();
  savedOrder = newestFirst(saves.map((save) => ({ id: save.song_id, createdAt: save.created_at })));
  // Another listener's marks, which the listener's answers must not show.
  await t.database.db
    .insertInto('saves')
    .values({ user_id: other.user._id, song_id: songs[100]!.song._id, created_at: at(3) })
    .execute();
}, 60_000);
afterAll(() => t.close());

describe('GET /api/user/songs/liked with many likes', () => {
  it('reads every like once, in order, over three pages of 50', async () => {
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const res = await get(
        `/api/user/songs/liked?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
        listener,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ data: Song[]; nextCursor?: string }>();
      pages.push(body.data.map((song) => song._id));
      cursor = body.nextCursor;
    } while (cursor !== undefined && pages.length < 10);
    expect(pages.map((page) => page.length)).toEqual([50, 50, 20]);
    expect(pages.flat()).toEqual(likedOrder);
  });
});

describe('GET /api/user/songs/marks', () => {
  it("answers the ids of every song the caller liked and saved, newest first, and no one else's", async () => {
    const res = await get('/api/user/songs/marks', listener);
    expect(res.statusCode, res.body).toBe(200);
    const marks = res.json<{ success: true; data: SongMarks }>();
    expect(marks).toEqual({ success: true, data: { liked: likedOrder, saved: savedOrder } });
    expect(marks.data.saved).not.toContain(songs[100]!.song._id);

    const theirs = (await get('/api/user/songs/marks', other)).json<{ data: SongMarks }>();
    expect(theirs.data).toEqual({ liked: [], saved: [songs[100]!.song._id] });
  });

  it('follows a like as it is made and taken back', async () => {
    const song = songs[100]!.song;
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/user/songs/${song._id}/like`,
        headers: other.headers,
      });
    await put();
    const liked = (await get('/api/user/songs/marks', other)).json<{ data: SongMarks }>();
    expect(liked.data.liked).toEqual([song._id]);
    await put();
    const unliked = (await get('/api/user/songs/marks', other)).json<{ data: SongMarks }>();
    expect(unliked.data.liked).toEqual([]);
    // The listener's own marks are untouched by another's.
    const mine = (await get('/api/user/songs/marks', listener)).json<{ data: SongMarks }>();
    expect(mine.data.liked).toEqual(likedOrder);
  });

  it('asks for a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/songs/marks' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/user/profile with many likes', () => {
  it(`carries the newest ${PROFILE_SONGS_CAP} liked songs and every saved one below the cap`, async () => {
    const res = await get('/api/user/profile', listener);
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json<{ data: Profile }>().data;
    expect(profile.likedSongs.map((song) => song._id)).toEqual(
      likedOrder.slice(0, PROFILE_SONGS_CAP),
    );
    expect(profile.savedSongs.map((song) => song._id)).toEqual(savedOrder);
    expect(profile.likedSongs[0]?.audioFile).toMatch(/signature=/);
  });
});
