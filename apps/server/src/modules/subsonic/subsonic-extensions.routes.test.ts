import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { skipWithoutFfmpeg } from '../../../test/ffmpeg';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, rest, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * `getOpenSubsonicExtensions` lists exactly what this server does: each extension listed is tried
 * here through the calls it brings, and nothing else is listed.
 */

let t: TestApp;
let auth: RestParams;
let songs: CreatedSong[];

async function startWith(env: Record<string, string>): Promise<void> {
  t = await createTestApp({ env });
  auth = { apiKey: await createApiKey(t, await createUser(t)) };
  songs = [
    await createSong(t, { title: 'Top One', artist: 'Extension Band', album: 'Ext' }),
    await createSong(t, { title: 'Top Two', artist: 'Extension Band', album: 'Ext' }),
  ];
}

const ok = async (endpoint: string, params: RestParams) => {
  const answer = await restJson(t, endpoint, { ...auth, ...params });
  expect(answer.status, `${endpoint}: ${JSON.stringify(answer)}`).toBe('ok');
  return answer;
};

/** Each extension this server may list, tried through what it brings. */
const TRIED: Record<string, () => Promise<void>> = {
  apiKeyAuthentication: async () => {
    await ok('ping', {});
  },
  formPost: async () => {
    const res = await rest(t, 'ping', { ...auth, f: 'json' }, 'POST');
    expect(res.json()['subsonic-response'].status).toBe('ok');
  },
  songLyrics: async () => {
    await ok('getLyricsBySongId', { id: `tr-${songs[0]!.song._id}` });
  },
  indexBasedQueue: async () => {
    const id = `tr-${songs[0]!.song._id}`;
    await ok('savePlayQueueByIndex', { id: [id, id], currentIndex: 1 });
    const answer = await ok('getPlayQueueByIndex', {});
    expect(answer.playQueueByIndex).toMatchObject({ currentIndex: 1 });
  },
  topSongsByArtistId: async () => {
    const artistId = `ar-${songs[0]!.song.artists[0]!._id}`;
    const answer = await ok('getTopSongs', { id: artistId, artist: 'Someone else' });
    const titles = (answer.topSongs as { song: { title: string }[] }).song.map((s) => s.title);
    expect(titles.sort()).toEqual(['Top One', 'Top Two']);
    const unknown = await restJson(t, 'getTopSongs', { ...auth, id: 'ar-nope' });
    expect(unknown).toMatchObject({ status: 'failed', error: { code: 70 } });
  },
  playbackReport: async () => {
    const id = `tr-${songs[1]!.song._id}`;
    await ok('reportPlayback', {
      mediaId: id,
      mediaType: 'song',
      positionMs: 0,
      state: 'starting',
    });
    const playing = await ok('getNowPlaying', {});
    expect((playing.nowPlaying as { entry: { id: string }[] }).entry[0]?.id).toBe(id);
  },
  getPodcastEpisode: async () => {
    // Episodes themselves are tried in subsonic-podcasts.routes.test.ts, against a feed.
    const unknown = await restJson(t, 'getPodcastEpisode', {
      ...auth,
      id: 'pe-00000000-0000-4000-8000-000000000000',
    });
    expect(unknown).toMatchObject({ status: 'failed', error: { code: 70 } });
  },
  transcodeOffset: async () => {
    const res = await rest(t, 'stream', {
      ...auth,
      id: `tr-${songs[0]!.song._id}`,
      format: 'mp3',
      timeOffset: 1,
    });
    expect(res.statusCode).toBe(200);
  },
  transcoding: async () => {
    const query = new URLSearchParams({
      apiKey: String(auth.apiKey),
      mediaId: `tr-${songs[0]!.song._id}`,
      mediaType: 'song',
      f: 'json',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/rest/getTranscodeDecision?${query.toString()}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'Extension phone',
        platform: 'Android',
        directPlayProfiles: [{ containers: ['mp3'], audioCodecs: ['mp3'], protocols: ['http'] }],
        transcodingProfiles: [{ container: 'mp3', audioCodec: 'mp3', protocol: 'http' }],
      }),
    });
    const answer = res.json()['subsonic-response'] as Record<string, unknown>;
    expect(answer.status, JSON.stringify(answer)).toBe('ok');
    expect(answer.transcodeDecision).toBeDefined();
  },
};

const BASE = [
  'apiKeyAuthentication',
  'formPost',
  'songLyrics',
  'indexBasedQueue',
  'topSongsByArtistId',
  'playbackReport',
  'getPodcastEpisode',
];

describe.each([
  { how: 'without ffmpeg', env: { PATH: '' }, expected: BASE, skip: false },
  {
    how: 'with ffmpeg',
    env: { PATH: process.env.PATH ?? '' },
    expected: [...BASE, 'transcodeOffset', 'transcoding'],
    skip: skipWithoutFfmpeg,
  },
])('getOpenSubsonicExtensions $how', ({ env, expected, skip }) => {
  beforeAll(async () => {
    if (!skip) await startWith(env);
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)(
    'lists exactly the extensions whose calls answer, each at version 1',
    async () => {
      const answer = await restJson(t, 'getOpenSubsonicExtensions', {});
      const listed = answer.openSubsonicExtensions as { name: string; versions: number[] }[];
      expect(listed.map((extension) => extension.name).sort()).toEqual([...expected].sort());
      for (const extension of listed) {
        expect(extension.versions).toEqual([1]);
        const tryIt = TRIED[extension.name];
        expect(tryIt, `${extension.name} is listed but never tried`).toBeDefined();
        await tryIt!();
      }
    },
  );
});
