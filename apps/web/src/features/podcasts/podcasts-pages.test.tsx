import type { Podcast, PodcastEpisode, PodcastPage } from '@cadenza/contract/podcasts';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminUser, makeUser } from '@/test/mock-api/factories';
import { failure, requestsTo } from '@/test/mock-api/routes';
import { answer } from '@/test/mock-api/server';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

const podcast: Podcast = {
  _id: '0190d4f2-8b1e-7000-8000-0000000000aa',
  feedUrl: 'https://feeds.example.com/show.xml',
  title: 'The Loopback Show',
  description: 'A show about networks.',
  coverUrl: '/media/defaults/cover.jpg',
  homepageUrl: null,
  autoDownload: 0,
  errorMessage: null,
  refreshedAt: '2026-11-30T10:00:00.000Z',
  episodeCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
};

const episode = (n: number, overrides: Partial<PodcastEpisode> = {}): PodcastEpisode => ({
  _id: `0190d4f2-8b1e-7000-8000-0000000000b${n}`,
  podcastId: podcast._id,
  title: `Episode ${n}`,
  description: `Notes of episode ${n}.`,
  publishedAt: `2026-11-0${n}T08:00:00.000Z`,
  durationSeconds: 1800,
  status: 'completed',
  errorMessage: null,
  sizeBytes: 1000,
  audioUrl: `/media/audio/podcasts/${n}.mp3?expires=1&signature=s`,
  positionSeconds: 0,
  ...overrides,
});

const page = (): PodcastPage => ({
  ...podcast,
  episodes: [episode(2, { positionSeconds: 600 }), episode(1, { status: 'new', audioUrl: null })],
});

const ok = <T,>(data: T) => HttpResponse.json({ success: true, data });

beforeEach(() => {
  stubMediaElement();
  answer('GET /api/user/podcasts', () => ok([podcast]));
  answer('GET /api/user/podcasts/:id', () => ok(page()));
  answer('PUT /api/user/podcast-episodes/:id/progress', () =>
    HttpResponse.json({ success: true, message: 'Progress saved' }),
  );
});

describe('podcasts', () => {
  it('lists the podcasts and opens one: its episodes, with Resume where the listener stopped', async () => {
    logIn(makeUser());
    const { user } = renderApp('/podcasts');
    const list = await screen.findByRole('list', { name: 'Podcasts' });
    expect(screen.queryByRole('form', { name: 'Add a podcast' })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('link', { name: /The Loopback Show/ }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Loopback Show' }),
    ).toBeInTheDocument();
    const episodes = screen.getByRole('list', { name: 'Episodes' });
    expect(within(episodes).getByText('Notes of episode 2.')).toBeInTheDocument();
    expect(
      within(episodes).queryByRole('button', { name: /Play Episode 1/ }),
    ).not.toBeInTheDocument();
    expect(within(episodes).getByText(/Not downloaded/)).toBeInTheDocument();

    await user.click(within(episodes).getByRole('button', { name: 'Resume Episode 2' }));
    const bar = await screen.findByRole('region', { name: 'Episode player' });
    expect(within(bar).getByText('Episode 2')).toBeInTheDocument();
    const audio = bar.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe(page().episodes[0]!.audioUrl);

    audio.currentTime = 640;
    audio.dispatchEvent(new Event('pause'));
    await expect
      .poll(() => requestsTo('PUT /api/user/podcast-episodes/:id/progress').at(-1)?.body)
      .toEqual({ positionSeconds: 640 });

    await user.click(within(bar).getByRole('button', { name: 'Close the episode player' }));
    expect(screen.queryByRole('region', { name: 'Episode player' })).not.toBeInTheDocument();
  });

  it('lets an administrator add a feed, telling why one cannot be read', async () => {
    logIn(adminUser);
    answer('POST /api/admin/podcasts', () =>
      failure(400, 'The feed could not be read: the address is not an RSS feed', 'feed_refused'),
    );
    const { user } = renderApp('/podcasts');
    const form = await screen.findByRole('form', { name: 'Add a podcast' });
    await user.type(within(form).getByLabelText('Feed URL'), 'https://example.com/page.html');
    await user.click(within(form).getByRole('button', { name: 'Add podcast' }));
    expect(
      await within(form).findByText('The feed could not be read: the address is not an RSS feed'),
    ).toBeInTheDocument();
  });

  it("offers an administrator each episode's download", async () => {
    logIn(adminUser);
    answer('POST /api/admin/podcast-episodes/:id/download', () =>
      HttpResponse.json({ success: true, message: 'Download started' }, { status: 202 }),
    );
    const { user } = renderApp(`/podcasts/${podcast._id}`);
    await user.click(await screen.findByRole('button', { name: 'Download Episode 1' }));
    await expect
      .poll(() => requestsTo('POST /api/admin/podcast-episodes/:id/download').length)
      .toBe(1);
    expect(await screen.findByText('Downloading Episode 1')).toBeInTheDocument();
  });
});
