import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { songPlayCount } from '../../../test/play-counts';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * OpenSubsonic's playbackReport: an app reports a song's playback as it goes; the song is
 * "now playing" until it stops, and counts as a play once, when it stops far enough in.
 */

let t: TestApp;
let auth: RestParams;
let song: CreatedSong;

beforeAll(async () => {
  t = await createTestApp();
  auth = { apiKey: await createApiKey(t, await createUser(t)), c: 'Symfonium' };
  song = await createSong(t, { title: 'Reported', artist: 'Timeline Band', duration: 200 });
});
afterAll(() => t.close());

const report = (state: string, positionMs: number, extra: RestParams = {}) =>
  restJson(t, 'reportPlayback', {
    ...auth,
    mediaId: `tr-${song.song._id}`,
    mediaType: 'song',
    positionMs,
    state,
    ...extra,
  });

const nowPlaying = async () =>
  ((await restJson(t, 'getNowPlaying', auth)).nowPlaying as { entry?: { id: string }[] }).entry ??
  [];

describe('reportPlayback', () => {
  it('shows the song as playing until it stops, and counts it once when stopped past half', async () => {
    const before = await songPlayCount(t, song.song._id);
    expect((await report('starting', 0)).status).toBe('ok');
    expect((await nowPlaying()).map((entry) => entry.id)).toEqual([`tr-${song.song._id}`]);
    await report('playing', 20_000);
    await report('paused', 150_000);
    // Past the end of the song, nothing counts until the app says it stopped.
    expect(await songPlayCount(t, song.song._id)).toBe(before);
    await report('stopped', 150_000);
    expect(await songPlayCount(t, song.song._id)).toBe(before + 1);
    expect(await nowPlaying()).toEqual([]);
    // The same stop again is not a second play.
    await report('stopped', 150_000);
    expect(await songPlayCount(t, song.song._id)).toBe(before + 1);
  });

  it('counts no play stopped early, nor one the app asked not to count', async () => {
    const before = await songPlayCount(t, song.song._id);
    await report('starting', 0);
    await report('stopped', 30_000);
    await report('starting', 0, { ignoreScrobble: true });
    await report('stopped', 190_000, { ignoreScrobble: true });
    expect(await songPlayCount(t, song.song._id)).toBe(before);
  });

  it.each([
    ['no mediaId', { mediaId: '' }, 10],
    ['no state', { state: '' }, 10],
    ['no position', { positionMs: '' }, 10],
    ['an unknown state', { state: 'rewinding' }, 0],
    ['a negative position', { positionMs: -1 }, 0],
    ['a rate of zero', { playbackRate: 0 }, 0],
    ['an unknown media type', { mediaType: 'video' }, 0],
    ['a podcast episode (none here)', { mediaType: 'podcast' }, 70],
    ['an unknown song', { mediaId: 'tr-00000000-0000-4000-8000-000000000000' }, 70],
  ])('answers %s with its error code', async (_case, params, code) => {
    const answer = await restJson(t, 'reportPlayback', {
      ...auth,
      mediaId: `tr-${song.song._id}`,
      mediaType: 'song',
      positionMs: 1000,
      state: 'playing',
      ...params,
    });
    expect(answer).toMatchObject({ status: 'failed', error: { code } });
  });
});
