import { playQueueMessages } from '@cadenza/contract/play-queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { checkOpenSubsonicAnswer } from '../../../test/opensubsonic-schemas';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, restBoth, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The saved play queue by place (OpenSubsonic's `indexBasedQueue`): a queue that holds one song
 * twice resumes at the right entry, in apps and on the web alike.
 */

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
let auth: RestParams;
let songs: CreatedSong[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
  auth = { apiKey: await createApiKey(t, listener), c: 'Tempo' };
  songs = [];
  for (const title of ['Alpha', 'Beta', 'Gamma']) {
    songs.push(await createSong(t, { title, artist: 'Queue Band', album: 'Queue Album' }));
  }
});
afterAll(() => t.close());

const tr = (index: number) => `tr-${songs[index]!.song._id}`;
const entryIds = (queue: Record<string, unknown>) =>
  (queue.entry as { id: string }[]).map((entry) => entry.id);

async function savedByIndex(): Promise<Record<string, unknown>> {
  const answer = await restBoth(t, 'getPlayQueueByIndex', auth);
  expect(answer.status).toBe('ok');
  checkOpenSubsonicAnswer('getPlayQueueByIndex', answer);
  return answer.playQueueByIndex as Record<string, unknown>;
}

describe('savePlayQueueByIndex and getPlayQueueByIndex', () => {
  it('keep which of two entries of one song is current, for apps and the web', async () => {
    const saved = await restJson(t, 'savePlayQueueByIndex', {
      ...auth,
      id: [tr(0), tr(1), tr(0)],
      currentIndex: 2,
      position: 61_000,
    });
    expect(saved.status).toBe('ok');

    const queue = await savedByIndex();
    expect(queue).toMatchObject({
      currentIndex: 2,
      position: 61_000,
      username: listener.user.email,
      changedBy: 'Tempo',
    });
    expect(entryIds(queue)).toEqual([tr(0), tr(1), tr(0)]);

    // The id-based answer names the song; the web is told the place as well.
    const byId = (await restJson(t, 'getPlayQueue', auth)).playQueue as Record<string, unknown>;
    expect(byId.current).toBe(tr(0));
    const web = await t.app.inject({ url: '/api/user/play-queue', headers: listener.headers });
    expect(web.json().data).toMatchObject({ currentSongId: songs[0]!.song._id, currentIndex: 2 });
  });

  it('reads a queue saved by song as its first entry of that song', async () => {
    await restJson(t, 'savePlayQueue', { ...auth, id: [tr(2), tr(1), tr(2)], current: tr(2) });
    expect(await savedByIndex()).toMatchObject({ currentIndex: 0 });
  });

  it('lets the web say which entry is current, and refuses a place that is not that song', async () => {
    const ids = [songs[1]!.song._id, songs[2]!.song._id, songs[1]!.song._id];
    const save = (currentIndex: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/play-queue',
        headers: listener.headers,
        payload: { songIds: ids, currentSongId: ids[0], currentIndex, positionMs: 5000 },
      });
    expect((await save(2)).statusCode).toBe(200);
    expect(await savedByIndex()).toMatchObject({ currentIndex: 2, position: 5000 });

    const wrong = await save(1);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      success: false,
      errors: [{ field: 'currentIndex', message: playQueueMessages.currentIndex }],
    });
  });

  it('moves the place past a deleted song, onto the entry that followed it, from its start', async () => {
    const doomed = await createSong(t, { title: 'Soon gone', artist: 'Queue Band' });
    await restJson(t, 'savePlayQueueByIndex', {
      ...auth,
      id: [tr(0), `tr-${doomed.song._id}`, tr(1)],
      currentIndex: 1,
      position: 30_000,
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/songs/${doomed.song._id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);

    const queue = await savedByIndex();
    expect(entryIds(queue)).toEqual([tr(0), tr(1)]);
    expect(queue).toMatchObject({ currentIndex: 1, position: 0 });
    // By song, the deleted current song is no current song.
    const byId = (await restJson(t, 'getPlayQueue', auth)).playQueue as Record<string, unknown>;
    expect(byId.current).toBeUndefined();
  });

  it.each([
    ['a place past the end', { id: ['SONG0', 'SONG1'], currentIndex: 2 }],
    ['a negative place', { id: ['SONG0'], currentIndex: -1 }],
    ['no place for songs', { id: ['SONG0'] }],
    ['a place that is not a number', { id: ['SONG0'], currentIndex: 'first' }],
    ['a place when clearing', { currentIndex: 0 }],
  ])('answers error 10 for %s, leaving the saved queue as it was', async (_case, params) => {
    await restJson(t, 'savePlayQueueByIndex', { ...auth, id: [tr(1)], currentIndex: 0 });
    const ids = ((params as { id?: string[] }).id ?? []).map((id) => tr(Number(id.slice(4))));
    const answer = await restJson(t, 'savePlayQueueByIndex', { ...auth, ...params, id: ids });
    expect(answer).toMatchObject({ status: 'failed', error: { code: 10 } });
    expect(entryIds(await savedByIndex())).toEqual([tr(1)]);
  });

  it('clears the queue when called without songs', async () => {
    await restJson(t, 'savePlayQueueByIndex', { ...auth, id: [tr(1)], currentIndex: 0 });
    expect((await restJson(t, 'savePlayQueueByIndex', auth)).status).toBe('ok');
    const answer = await restJson(t, 'getPlayQueueByIndex', auth);
    expect(answer.playQueueByIndex).toBeUndefined();
  });

  it('answers 70 for a song that does not exist', async () => {
    const answer = await restJson(t, 'savePlayQueueByIndex', {
      ...auth,
      id: ['tr-00000000-0000-4000-8000-000000000000'],
      currentIndex: 0,
    });
    expect(answer).toMatchObject({ status: 'failed', error: { code: 70 } });
  });
});
