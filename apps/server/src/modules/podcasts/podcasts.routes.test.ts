import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastMessages } from '@cadenza/contract/podcasts';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import {
  startPodcastHost,
  type FakeEpisode,
  type FakePodcastHost,
} from '../../../test/podcast-feeds';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Podcasts on the web API, against a podcast host on loopback (private addresses allowed). */

let t: TestApp;
let host: FakePodcastHost;
let admin: CreatedUser;
let listener: CreatedUser;

beforeAll(async () => {
  host = await startPodcastHost();
  t = await createTestApp({
    env: { FETCH_PRIVATE_ADDRESSES: 'true', PODCAST_FEED_TIMEOUT_S: '1.5' },
  });
  admin = await createAdmin(t);
  listener = await createUser(t);
});
afterAll(async () => {
  await t.close();
  await host.close();
});

type Json = Record<string, unknown>;
type Episode = Json & { _id: string; status: string; audioUrl: string | null };

const subscribe = (url: string, autoDownload?: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/podcasts',
    headers: admin.headers,
    payload: { url, autoDownload },
  });

const pageOf = async (id: string, user = listener) => {
  const res = await t.app.inject({ url: `/api/user/podcasts/${id}`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as Json & { episodes: Episode[]; coverUrl: string };
};

/** A new episode at the top of the feed, found at the next refresh. */
const publish = (episode: FakeEpisode) => {
  host.episodes = [episode, ...host.episodes];
};

/** Downloads and refreshes run after the answer: the test waits for them to end. */
const settled = () => t.container.afterAnswer.settle();

describe('podcasts', () => {
  let podcastId: string;

  it('subscribes to a feed, lists its audio episodes newest first with plain-text notes', async () => {
    const res = await subscribe(host.feedUrl);
    expect(res.statusCode).toBe(201);
    const podcast = res.json().data as Json & { _id: string };
    podcastId = podcast._id;
    expect(podcast).toMatchObject({
      feedUrl: host.feedUrl,
      title: 'The Loopback Show',
      description: 'A show & its notes',
      homepageUrl: `${host.base}/show`,
      autoDownload: 0,
      episodeCount: 3,
      errorMessage: null,
    });
    await settled();

    const page = await pageOf(podcastId);
    expect(page.coverUrl).toMatch(/^\/media\/images\//);
    expect(page.episodes.map((episode) => episode.title)).toEqual([
      'Episode 3 & friends',
      'Episode 2 & friends',
      'Episode 1 & friends',
    ]);
    expect(page.episodes[0]).toMatchObject({
      description: 'Part 3 of the show.\n\nLinks & more',
      publishedAt: '2026-11-03T08:00:00.000Z',
      durationSeconds: 180,
      status: 'new',
      audioUrl: null,
      positionSeconds: 0,
    });
    const cover = await t.app.inject({ url: page.coverUrl });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses the same feed twice', async () => {
    const again = await subscribe(host.feedUrl);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'podcast_exists',
      message: podcastMessages.alreadySubscribed,
    });
  });

  it('downloads an episode on demand into the store, then plays it from a signed address', async () => {
    const [newest] = (await pageOf(podcastId)).episodes;
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/admin/podcast-episodes/${newest!._id}/download`,
      headers: admin.headers,
    });
    expect(started.statusCode).toBe(202);
    await settled();
    const episode = (await pageOf(podcastId)).episodes[0]!;
    expect(episode).toMatchObject({ status: 'completed', errorMessage: null });
    expect(episode.audioUrl).toMatch(/^\/media\/audio\/podcasts\/.+\.mp3\?expires=/);
    const audio = await t.app.inject({ url: episode.audioUrl!, headers: { range: 'bytes=0-3' } });
    expect(audio.statusCode).toBe(206);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3');
  });

  it("keeps each listener's place in an episode", async () => {
    const [newest] = (await pageOf(podcastId)).episodes;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/user/podcast-episodes/${newest!._id}/progress`,
      headers: listener.headers,
      payload: { positionSeconds: 95 },
    });
    expect(saved.statusCode).toBe(200);
    expect((await pageOf(podcastId)).episodes[0]!.positionSeconds).toBe(95);
    expect((await pageOf(podcastId, admin)).episodes[0]!.positionSeconds).toBe(0);

    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/user/podcast-episodes/${newest!._id}/progress`,
      headers: listener.headers,
      payload: { positionSeconds: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(podcastMessages.position);
  });

  it('finds new episodes at a refresh, downloads the newest by itself and deletes what it took before', async () => {
    publish({
      guid: 'urn:show:4',
      title: 'Episode 4',
      notes: 'New!',
      publishedAt: new Date(Date.UTC(2026, 10, 20)),
      file: 'ep-4.mp3',
    });
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/podcasts/${podcastId}`,
      headers: admin.headers,
      payload: { autoDownload: 2 },
    });
    expect(set.json().data.autoDownload).toBe(2);
    await settled();
    // Episode 3 was downloaded on request; the two newest now include Episode 2, taken by itself.
    const before = await pageOf(podcastId);
    expect(before.episodes.map((episode) => episode.status)).toEqual([
      'completed',
      'completed',
      'new',
    ]);
    const taken = before.episodes[1]!.audioUrl!;
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/admin/podcasts/refresh',
      headers: admin.headers,
    });
    expect(refresh.statusCode).toBe(202);
    await settled();
    const page = await pageOf(podcastId);
    expect(page.episodes.map((episode) => [episode.title, episode.status])).toEqual([
      ['Episode 4', 'completed'],
      ['Episode 3 & friends', 'completed'],
      ['Episode 2 & friends', 'deleted'],
      ['Episode 1 & friends', 'new'],
    ]);
    expect((await t.app.inject({ url: taken })).statusCode).toBe(404);
  });

  it('keeps a failed download with its reason: a file that is not audio', async () => {
    publish({
      guid: 'urn:show:html',
      title: 'Broken file',
      notes: '',
      publishedAt: new Date(Date.UTC(2026, 10, 25)),
      file: 'not-audio.mp3',
    });
    await t.services.podcasts.refreshAll();
    await settled();
    const broken = (await pageOf(podcastId)).episodes[0]!;
    expect(broken).toMatchObject({
      title: 'Broken file',
      status: 'error',
      errorMessage: 'Download failed: the file is not audio',
      audioUrl: null,
    });
  });

  it("deletes an episode's file, and the whole podcast with its files", async () => {
    const [, downloaded] = (await pageOf(podcastId)).episodes;
    const audioUrl = downloaded!.audioUrl!;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/podcast-episodes/${downloaded!._id}/file`,
      headers: admin.headers,
    });
    expect(removed.json().message).toBe(podcastMessages.fileDeleted);
    expect((await pageOf(podcastId)).episodes[1]).toMatchObject({
      status: 'deleted',
      audioUrl: null,
    });
    expect((await t.app.inject({ url: audioUrl })).statusCode).toBe(404);

    const another = (await pageOf(podcastId)).episodes[2]!.audioUrl!;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/podcasts/${podcastId}`,
      headers: admin.headers,
    });
    expect(gone.json().message).toBe(podcastMessages.deleted);
    expect((await t.app.inject({ url: another })).statusCode).toBe(404);
    const listed = await t.app.inject({ url: '/api/user/podcasts', headers: listener.headers });
    expect(listed.json().data).toEqual([]);
  });
});

describe('feeds that cannot be read', () => {
  it.each([
    ['a feed that never finishes', '/never-finishes.xml', 'the answer took longer than 2 s'],
    ['a redirect loop', '/loop-a', 'the address redirects in a loop'],
    ['a feed too large', '/huge.xml', 'the answer is larger than 8 MB'],
    ['an HTML page', '/not-rss.html', 'the address is not an RSS feed'],
    ['broken XML', '/broken.xml', 'the feed is not well-formed XML (line 1)'],
    [
      'a feed declaring entities',
      '/entities.xml',
      'the feed declares XML entities, which podcast feeds never need',
    ],
    ['a missing feed', '/nothing.xml', 'the server answered HTTP 404'],
  ])('refuses %s with the reason', async (_case, path, reason) => {
    const res = await subscribe(`${host.base}${path}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'feed_refused',
      message: podcastMessages.feedRefused(reason),
    });
  });

  it('refuses a feed on a private address unless the server allows them', async () => {
    const strict = await createTestApp();
    try {
      const owner = await createAdmin(strict);
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/admin/podcasts',
        headers: owner.headers,
        payload: { url: host.feedUrl },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        podcastMessages.feedRefused(
          '127.0.0.1 is on a private or local network, which this server does not call',
        ),
      );
    } finally {
      await strict.close();
    }
  });

  it('answers listeners 403 on the administrator routes and 400 for a malformed address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/podcasts',
      headers: listener.headers,
      payload: { url: host.feedUrl },
    });
    expect(res.statusCode).toBe(403);
    const bad = await subscribe('javascript:alert(1)');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(podcastMessages.feedUrl);
  });
});
