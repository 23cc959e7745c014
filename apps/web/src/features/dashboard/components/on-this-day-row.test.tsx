import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@cadenza/contract/auth';
import type { Song } from '@cadenza/contract/songs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listeningStatsKeys } from '@/api/listening-stats/listening-stats-keys';
import { usePlayer } from '@/lib/player/player-store';
import { makeAlbum, makeSong } from '@/test/mock-api/factories';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';
import { releasedLabel } from './on-this-day-row';

const songId = (n: number) => `0190a0a0-0000-7000-8000-00000000020${n}`;
const songs = [1, 2, 3].map((n) => makeSong(songId(n), { title: `Old Favourite ${n}` }));

let listener: User;
const now = new Date();
const thisYear = now.getUTCFullYear();

/** Noon today, `years` years ago (the listener's days follow UTC here). */
function yearsAgo(years: number): string {
  const day = new Date(now);
  day.setUTCFullYear(thisYear - years);
  day.setUTCHours(12, 0, 0, 0);
  return day.toISOString();
}

function played(song: Song, playedAt: string) {
  store.plays.push({ userId: listener._id, songId: song._id, playedAt });
}

async function openHome() {
  const view = renderApp('/user/dashboard');
  await screen.findByRole('heading', { name: 'Ada Listener' });
  return view;
}

beforeEach(() => {
  stubMediaElement();
  listener = logIn();
  store.timeZones.set(listener._id, { timeZone: 'UTC', chosen: true });
});
afterEach(() => usePlayer.getState().reset());

describe('On this day on Home', { timeout: 20_000 }, () => {
  it('shows the songs played on this date in earlier years, by year, and the albums released on it', async () => {
    seed.songs(...songs);
    played(songs[0]!, yearsAgo(1));
    played(songs[1]!, yearsAgo(2));
    played(songs[2]!, yearsAgo(2));
    played(songs[2]!, yearsAgo(2));
    const releaseDate = yearsAgo(32).slice(0, 10);
    seed.album(makeAlbum('al-1', { title: 'Dookie', releaseDate }));
    await openHome();

    const row = await screen.findByRole('region', { name: 'On this day' });
    const cards = within(row)
      .getAllByRole('article')
      .map((card) => card.getAttribute('aria-label'));
    expect(cards).toEqual(['Old Favourite 1', 'Old Favourite 3', 'Old Favourite 2', 'Dookie']);
    const lastYear = within(row).getByRole('article', { name: 'Old Favourite 1' });
    expect(lastYear).toHaveTextContent(`${thisYear - 1} · 1 year ago`);
    const twoYears = within(row).getByRole('article', { name: 'Old Favourite 2' });
    expect(twoYears).toHaveTextContent(`${thisYear - 2} · 2 years ago`);
    expect(within(row).getByRole('article', { name: 'Dookie' })).toHaveTextContent(
      releasedLabel(releaseDate),
    );
  });

  it("plays a card's song with the rest of its year's songs after it", async () => {
    seed.songs(...songs);
    played(songs[0]!, yearsAgo(1));
    played(songs[1]!, yearsAgo(2));
    played(songs[2]!, yearsAgo(2));
    const { user } = await openHome();
    const row = await screen.findByRole('region', { name: 'On this day' });
    await user.click(within(row).getByRole('button', { name: 'Play Old Favourite 2' }));
    await waitFor(() => expect(usePlayer.getState().current?.title).toBe('Old Favourite 2'));
    expect(usePlayer.getState().queue.map((song) => song.title)).toEqual([
      'Old Favourite 2',
      'Old Favourite 3',
    ]);
  });

  it('is left out when nothing was played or released on this date before', async () => {
    seed.songs(...songs);
    played(songs[0]!, now.toISOString());
    const { queryClient } = await openHome();
    await waitFor(() =>
      expect(queryClient.getQueryState(listeningStatsKeys.onThisDay())?.status).toBe('success'),
    );
    expect(queryClient.getQueryData(listeningStatsKeys.onThisDay())).toMatchObject({
      played: [],
      released: [],
    });
    expect(screen.queryByRole('region', { name: 'On this day' })).not.toBeInTheDocument();
  });
});

describe('releasedLabel', () => {
  it('says the day an album came out', () => {
    expect(releasedLabel('1994-11-30')).toBe('Released 30 Nov 1994');
  });
});
