import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let listener: CreatedUser;
let appAuth: RestParams;
let songs: CreatedSong[];

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  appAuth = { apiKey: await createApiKey(t, listener), c: 'Phone app' };
  songs = [];
  for (const title of ['One', 'Two', 'Three']) songs.push(await createSong(t, { title }));
});
afterAll(() => t.close());

type Node = Record<string, unknown>;
const ids = () => songs.map((song) => song.song._id);
const tr = (id: string) => `tr-${id}`;

const getQueue = (user: CreatedUser) =>
  t.app.inject({ url: '/api/user/play-queue', headers: user.headers });
const putQueue = (user: CreatedUser, payload: Record<string, unknown>, agent = CHROME_ON_LINUX) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/play-queue',
    headers: { ...user.headers, 'user-agent': agent },
    payload,
  });

describe('the play queue on the web', () => {
  it('answers null before anything was saved, and needs a sign-in', async () => {
    const fresh = await createUser(t);
    const res = await getQueue(fresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null });
    expect((await t.app.inject({ url: '/api/user/play-queue' })).statusCode).toBe(401);
  });

  it('saves the queue in play order and reads it back with playable songs', async () => {
    const [one, two, three] = ids() as [string, string, string];
    const saved = await putQueue(listener, {
      songIds: [two, three, one],
      currentSongId: two,
      positionMs: 61_500,
    });
    expect(saved.statusCode).toBe(200);
    const stamp = saved.json().data;
    expect(stamp.changedBy).toBe('Chrome on Linux');
    expect(Date.parse(stamp.changedAt)).not.toBeNaN();

    const read = (await getQueue(listener)).json().data;
    expect(read.songs.map((song: { _id: string }) => song._id)).toEqual([two, three, one]);
    expect(read.songs[0].audioFile).toMatch(/^\/media\/audio\/.+\?expires=\d+&signature=/);
    expect(read).toMatchObject({
      currentSongId: two,
      positionMs: 61_500,
      changedAt: stamp.changedAt,
      changedBy: 'Chrome on Linux',
    });
  });

  it('keeps the name of the device the browser gives', async () => {
    const res = await putQueue(listener, {
      songIds: ids(),
      currentSongId: ids()[0],
      positionMs: 0,
      device: '  Kitchen laptop ',
    });
    expect(res.json().data.changedBy).toBe('Kitchen laptop');
    expect((await getQueue(listener)).json().data.changedBy).toBe('Kitchen laptop');
  });

  it('is the queue /rest/getPlayQueue answers an app signed in with a key', async () => {
    const [one, two, three] = ids() as [string, string, string];
    await putQueue(listener, { songIds: [three, one, two], currentSongId: one, positionMs: 4200 });
    const queue = (await restJson(t, 'getPlayQueue', appAuth)).playQueue as Node;
    expect(queue).toMatchObject({
      current: tr(one),
      position: 4200,
      changedBy: 'Chrome on Linux',
      username: listener.user.email,
    });
    expect((queue.entry as Node[]).map((entry) => entry.id)).toEqual([three, one, two].map(tr));
  });

  it('reads what an app saved with /rest/savePlayQueue', async () => {
    const [one, two] = ids() as [string, string];
    await restJson(t, 'savePlayQueue', {
      ...appAuth,
      id: [tr(two), tr(one)],
      current: tr(one),
      position: 90_000,
    });
    const read = (await getQueue(listener)).json().data;
    expect(read.songs.map((song: { _id: string }) => song._id)).toEqual([two, one]);
    expect(read).toMatchObject({ currentSongId: one, positionMs: 90_000, changedBy: 'Phone app' });
  });

  it('drops deleted songs on read, and a deleted current song leaves none current', async () => {
    const user = await createUser(t);
    const doomed = await createSong(t, { title: 'Doomed' });
    const kept = ids()[0]!;
    await putQueue(user, {
      songIds: [doomed.song._id, kept],
      currentSongId: doomed.song._id,
      positionMs: 1000,
    });
    const admin = await createAdmin(t);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/songs/${doomed.song._id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    const read = (await getQueue(user)).json().data;
    expect(read.songs.map((song: { _id: string }) => song._id)).toEqual([kept]);
    expect(read.currentSongId).toBeNull();
  });

  it('refuses an unknown song with the songs’ 404, and keeps the saved queue', async () => {
    const before = (await getQueue(listener)).json().data;
    const unknown = '01900000-0000-7000-8000-000000000000';
    const res = await putQueue(listener, {
      songIds: [ids()[0], unknown],
      currentSongId: unknown,
      positionMs: 0,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'song_not_found', message: 'Song not found.' });
    expect((await getQueue(listener)).json().data).toEqual({
      ...before,
      songs: expect.any(Array),
    });
  });

  it('refuses malformed queues with a message, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ songIds: ['nope'], currentSongId: null, positionMs: 0 }, 'Each song id must be a UUID'],
      [
        { songIds: [ids()[0]], currentSongId: ids()[1], positionMs: 0 },
        'The current song must be one of the queue’s songs',
      ],
      [
        { songIds: [ids()[0]], currentSongId: ids()[0], positionMs: -5 },
        'The position must be a whole number of milliseconds, 0 or more',
      ],
      [
        { songIds: [ids()[0]], currentSongId: ids()[0], positionMs: 1.5 },
        'The position must be a whole number of milliseconds, 0 or more',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await putQueue(listener, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('invalid_input');
      expect(res.body).toContain(message);
    }
  });

  it('removes the queue when an empty one is saved', async () => {
    const user = await createUser(t);
    await putQueue(user, { songIds: ids(), currentSongId: ids()[0], positionMs: 0 });
    const res = await putQueue(user, { songIds: [], currentSongId: null, positionMs: 0 });
    expect(res.json()).toEqual({ success: true, data: null });
    expect((await getQueue(user)).json().data).toBeNull();
  });

  it('keeps each listener’s queue apart', async () => {
    const other = await createUser(t);
    await putQueue(other, { songIds: [ids()[2]], currentSongId: ids()[2], positionMs: 5 });
    const mine = (await getQueue(listener)).json().data;
    expect(mine.songs.map((song: { _id: string }) => song._id)).not.toEqual([ids()[2]]);
    expect((await getQueue(other)).json().data.songs).toHaveLength(1);
  });
});
