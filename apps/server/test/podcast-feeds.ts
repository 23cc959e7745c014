import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '../src/ids';
import { PodcastsRepository } from '../src/modules/podcasts/podcasts.repository';
import { taggedMp3, taggedMp3Cover } from './audio-fixtures';
import type { TestApp } from './test-app';

/** An episode the fake feed lists; its file is served at `/show/<file>`. */
export interface FakeEpisode {
  readonly guid: string;
  readonly title: string;
  /** HTML, as feeds carry show notes. */
  readonly notes: string;
  readonly publishedAt: Date;
  readonly file: string;
  readonly duration?: string;
}

/**
 * A podcast host on loopback, for the tests: a well-made feed (`feedUrl`) whose episodes can be
 * changed between refreshes, their MP3s and cover, and the feeds the internet also serves: one
 * that never finishes, one that redirects in a loop, one too large, HTML, entity bombs.
 */
export interface FakePodcastHost {
  readonly base: string;
  readonly feedUrl: string;
  /** The feed's episodes, newest first as written; edit before a refresh. */
  episodes: FakeEpisode[];
  title: string;
  /** Every path asked for, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function defaultEpisodes(): FakeEpisode[] {
  return [3, 2, 1].map((n) => ({
    guid: `urn:show:${n}`,
    title: `Episode ${n} & friends`,
    notes: `<p>Part <b>${n}</b> of the show.</p><script>alert(1)</script><p>Links &amp; more</p>`,
    publishedAt: new Date(Date.UTC(2026, 10, n, 8)),
    file: `ep-${n}.mp3`,
    duration: `00:0${n}:00`,
  }));
}

function rssOf(host: FakePodcastHost): string {
  const items = host.episodes.map(
    (episode) => `<item>
      <guid isPermaLink="false">${escape(episode.guid)}</guid>
      <title>${escape(episode.title)}</title>
      <description><![CDATA[${episode.notes}]]></description>
      <pubDate>${episode.publishedAt.toUTCString()}</pubDate>
      ${episode.duration ? `<itunes:duration>${episode.duration}</itunes:duration>` : ''}
      <enclosure url="${host.base}/show/${episode.file}" type="audio/mpeg" length="12345"/>
    </item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>${escape(host.title)}</title>
    <link>${host.base}/show</link>
    <description>A show &amp; its notes</description>
    <itunes:image href="${host.base}/show/cover.jpg"/>
    <item><title>A video</title><enclosure url="${host.base}/show/v.mp4" type="video/mp4"/></item>
    ${items.join('\n')}
  </channel>
</rss>`;
}

const ENTITY_BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<rss version="2.0"><channel><title>&lol2;</title></channel></rss>`;

export async function startPodcastHost(): Promise<FakePodcastHost> {
  const open = new Set<http.ServerResponse>();
  const requests: string[] = [];
  const host: FakePodcastHost = {
    base: '',
    feedUrl: '',
    episodes: defaultEpisodes(),
    title: 'The Loopback Show',
    requests,
    close: () => Promise.resolve(),
  };
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    const xml = (body: string) =>
      response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
    if (path === '/show/feed.xml') return xml(rssOf(host));
    if (path === '/show/cover.jpg') {
      return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(taggedMp3Cover());
    }
    if (path === '/show/not-audio.mp3') {
      return response.writeHead(200, { 'content-type': 'audio/mpeg' }).end('<html>Sorry</html>');
    }
    if (/^\/show\/ep-\d+\.mp3$/.test(path)) {
      return response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(taggedMp3());
    }
    if (path === '/not-rss.html') {
      return response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body>Hi</body></html>');
    }
    if (path === '/broken.xml') return xml('<rss><channel><title>Oops</channel>');
    if (path === '/entities.xml') return xml(ENTITY_BOMB);
    if (path === '/loop-a') return response.writeHead(302, { location: '/loop-b' }).end();
    if (path === '/loop-b') return response.writeHead(302, { location: '/loop-a' }).end();
    if (path === '/never-finishes.xml') {
      open.add(response);
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.write('<?xml version="1.0"?><rss version="2.0"><channel>');
      const drip = setInterval(() => response.write(' '), 100);
      response.once('close', () => clearInterval(drip));
      return;
    }
    if (path === '/huge.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(256 * 1024, 32);
      const write = () => {
        while (response.write(chunk));
        response.once('drain', write);
      };
      return write();
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(host, {
    base,
    feedUrl: `${base}/show/feed.xml`,
    close: async () => {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

/**
 * A podcast with one episode, written straight to its tables (no feed is read): for tests about
 * who may do what with it. Its feed is on loopback, which the test app refuses to fetch.
 */
export async function insertPodcast(t: TestApp): Promise<{ podcastId: string; episodeId: string }> {
  const podcasts = new PodcastsRepository(t.container.database.db);
  const podcastId = newId();
  const now = new Date().toISOString();
  await podcasts.insert(
    {
      id: podcastId,
      feedUrl: `http://127.0.0.1:9/${podcastId}.xml`,
      autoDownload: 0,
      createdAt: now,
    },
    { title: 'Matrix Podcast', description: '', imageUrl: null, homepageUrl: null },
  );
  await podcasts.upsertEpisodes(
    podcastId,
    [
      {
        guid: 'urn:matrix:1',
        title: 'Matrix Episode',
        description: '',
        publishedAt: now,
        durationSeconds: 60,
        enclosureUrl: 'http://127.0.0.1:9/episode.mp3',
        enclosureType: 'audio/mpeg',
        enclosureBytes: null,
      },
    ],
    newId,
    now,
  );
  const [episode] = await podcasts.episodesOf(podcastId, 1);
  return { podcastId, episodeId: episode!.id };
}
