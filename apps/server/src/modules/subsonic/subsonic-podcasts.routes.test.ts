import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastMessages } from '@cadenza/contract/podcasts';
import { createAdmin, createUser } from '../../../test/factories';
import { checkOpenSubsonicAnswer } from '../../../test/opensubsonic-schemas';
import { startPodcastHost, type FakePodcastHost } from '../../../test/podcast-feeds';
import {
  createApiKey,
  expectRestError,
  rest,
  restBoth,
  restJson,
  type RestParams,
} from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Subsonic's podcasts, against a podcast host on loopback: the same podcasts the web shows. */

let t: TestApp;
let host: FakePodcastHost;
let asAdmin: RestParams;
let asListener: RestParams;

beforeAll(async () => {
  host = await startPodcastHost();
  t = await createTestApp({ env: { FETCH_PRIVATE_ADDRESSES: 'true' } });
  asAdmin = { apiKey: await createApiKey(t, await createAdmin(t)) };
  asListener = { apiKey: await createApiKey(t, await createUser(t)) };
});
afterAll(async () => {
  await t.close();
  await host.close();
});

type RestEpisode = { id: string; status: string; title: string; streamId?: string };
type RestChannel = { id: string; title: string; status: string; episode?: RestEpisode[] };

async function channels(params: RestParams = {}): Promise<RestChannel[]> {
  const answer = await restBoth(t, 'getPodcasts', { ...asListener, ...params });
  checkOpenSubsonicAnswer('getPodcasts', answer);
  return (answer.podcasts as { channel?: RestChannel[] }).channel ?? [];
}

describe('podcasts over /rest', () => {
  let channel: RestChannel;

  it('round-trip: an administrator subscribes, listeners list channels and episodes', async () => {
    const created = await restJson(t, 'createPodcastChannel', { ...asAdmin, url: host.feedUrl });
    expect(created.status).toBe('ok');
    await t.container.afterAnswer.settle();

    [channel] = (await channels()) as [RestChannel];
    expect(channel).toMatchObject({ title: 'The Loopback Show', status: 'completed' });
    expect(channel.episode?.map((episode) => [episode.title, episode.status])).toEqual([
      ['Episode 3 & friends', 'new'],
      ['Episode 2 & friends', 'new'],
      ['Episode 1 & friends', 'new'],
    ]);
    expect((await channels({ includeEpisodes: false }))[0]?.episode).toBeUndefined();
    expect(await channels({ id: channel.id })).toHaveLength(1);

    const newest = await restBoth(t, 'getNewestPodcasts', { ...asListener, count: 2 });
    checkOpenSubsonicAnswer('getNewestPodcasts', newest);
    expect(
      (newest.newestPodcasts as { episode: RestEpisode[] }).episode.map((episode) => episode.title),
    ).toEqual(['Episode 3 & friends', 'Episode 2 & friends']);
  });

  it('downloads an episode, which then streams, downloads and shows its cover', async () => {
    const episodeId = channel.episode![0]!.id;
    expect(
      (await restJson(t, 'downloadPodcastEpisode', { ...asAdmin, id: episodeId })).status,
    ).toBe('ok');
    await t.container.afterAnswer.settle();

    const answer = await restBoth(t, 'getPodcastEpisode', { ...asListener, id: episodeId });
    checkOpenSubsonicAnswer('getPodcastEpisode', answer);
    const episode = answer.podcastEpisode as RestEpisode & Record<string, unknown>;
    expect(episode).toMatchObject({
      status: 'completed',
      streamId: episodeId,
      channelId: channel.id,
      contentType: 'audio/mpeg',
      suffix: 'mp3',
      duration: 180,
      type: 'podcast',
    });

    const stream = await rest(t, 'stream', { ...asListener, id: episode.streamId! });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('audio/mpeg');
    expect(stream.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3');
    const download = await rest(t, 'download', { ...asListener, id: episodeId });
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="Episode3friends_TheLoopbackShow_Cadenza\.mp3"/,
    );
    const cover = await rest(t, 'getCoverArt', { ...asListener, id: channel.id });
    expect(cover.headers['content-type']).toBe('image/jpeg');
  });

  it('deletes an episode file, then the channel', async () => {
    const episodeId = channel.episode![0]!.id;
    await restJson(t, 'deletePodcastEpisode', { ...asAdmin, id: episodeId });
    const after = await restJson(t, 'getPodcastEpisode', { ...asListener, id: episodeId });
    expect(after.podcastEpisode).toMatchObject({ status: 'deleted' });
    expect(after.podcastEpisode).not.toHaveProperty('streamId');
    await expectRestError(t, 'stream', { ...asListener, id: episodeId }, 70);

    await restJson(t, 'deletePodcastChannel', { ...asAdmin, id: channel.id });
    expect(await channels()).toEqual([]);
  });

  it('refuses a malformed feed address for the same reason as the web', async () => {
    const answer = await restJson(t, 'createPodcastChannel', { ...asAdmin, url: 'no address' });
    expect(answer).toMatchObject({
      status: 'failed',
      error: { code: 0, message: podcastMessages.feedUrl },
    });
  });

  it.each([
    [
      'createPodcastChannel by a listener',
      'createPodcastChannel',
      'listener',
      { url: 'https://example.com/f' },
      50,
    ],
    ['createPodcastChannel without a url', 'createPodcastChannel', 'admin', {}, 10],
    [
      'createPodcastChannel of a page that is no feed',
      'createPodcastChannel',
      'admin',
      { url: 'HOST/not-rss.html' },
      0,
    ],
    ['refreshPodcasts by a listener', 'refreshPodcasts', 'listener', {}, 50],
    [
      'deletePodcastChannel of an unknown channel',
      'deletePodcastChannel',
      'admin',
      { id: 'pc-00000000-0000-4000-8000-000000000000' },
      70,
    ],
    [
      'deletePodcastChannel with a song id',
      'deletePodcastChannel',
      'admin',
      { id: 'tr-00000000-0000-4000-8000-000000000000' },
      70,
    ],
    [
      'downloadPodcastEpisode of an unknown episode',
      'downloadPodcastEpisode',
      'admin',
      { id: 'pe-00000000-0000-4000-8000-000000000000' },
      70,
    ],
    [
      'deletePodcastEpisode by a listener',
      'deletePodcastEpisode',
      'listener',
      { id: 'pe-00000000-0000-4000-8000-000000000000' },
      50,
    ],
    ['getPodcastEpisode without an id', 'getPodcastEpisode', 'listener', {}, 10],
    ['getPodcasts of an unknown channel', 'getPodcasts', 'listener', { id: 'pc-x' }, 70],
    ['getNewestPodcasts with a bad count', 'getNewestPodcasts', 'listener', { count: 'many' }, 0],
  ])('answers %s with its error code', async (_case, endpoint, as, params, code) => {
    const given = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [name, value.replace('HOST', host.base)]),
    );
    await expectRestError(
      t,
      endpoint,
      { ...(as === 'admin' ? asAdmin : asListener), ...given },
      code,
    );
  });
});
