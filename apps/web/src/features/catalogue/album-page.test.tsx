import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeAlbum, makeSong } from '@/test/mock-api/factories';
import { stallRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';
import { failOnce, seedBeatles } from './catalogue-test-data';

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

/** The page's own header (the app's header is a banner too). */
async function pageHeader(): Promise<HTMLElement> {
  const title = await screen.findByRole('heading', { level: 1 });
  const header = title.closest('header');
  if (!header) throw new Error('no page header');
  return header;
}

describe('Album page', { timeout: 20_000 }, () => {
  it('shows cover, title, artist link, year, song count, total length and tracks by disc', async () => {
    seedBeatles();
    renderApp('/album/abbey');
    expect(await screen.findByRole('heading', { level: 1, name: 'Abbey Road' })).toBeVisible();
    const header = await pageHeader();
    expect(within(header).getByRole('link', { name: 'The Beatles' })).toHaveAttribute(
      'href',
      '/artist/beatles',
    );
    expect(header).toHaveTextContent('The Beatles • 1969 • 3 songs • 9 min');
    const grid = screen.getByRole('grid', { name: 'Tracks of Abbey Road' });
    expect(
      within(grid)
        .getAllByRole('row')
        .map((row) => row.getAttribute('aria-label') ?? row.textContent),
    ).toEqual(['#Title', 'Disc 1', 'Come Together', 'Something', 'Disc 2', 'Here Comes the Sun']);
  });

  it('has no disc headings for a one-disc album and plays it from the first track', async () => {
    seedBeatles();
    const { user } = renderApp('/album/help');
    const grid = await screen.findByRole('grid', { name: 'Tracks of Help!' });
    expect(within(grid).queryByText('Disc 1')).not.toBeInTheDocument();
    expect(await pageHeader()).toHaveTextContent('4 songs • 12 min');
    await user.click(screen.getByRole('button', { name: 'Play album Help!' }));
    expect(usePlayer.getState().current?.title).toBe('Help!');
    expect(usePlayer.getState().queue.map((song) => song.title)).toEqual([
      'Help!',
      'The Night Before',
      'Ticket to Ride',
      'Yesterday',
    ]);
    await user.click(screen.getByRole('button', { name: 'Pause album Help!' }));
    expect(usePlayer.getState().isPlaying).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Shuffle album Help!' }));
    expect(usePlayer.getState().shuffle).toBe(true);
    expect(usePlayer.getState().isPlaying).toBe(true);
  });

  it('writes an hour and more as hours and minutes', async () => {
    seed.album(makeAlbum('long', { title: 'Long' }), [
      makeSong('l1', { durationMs: 40 * 60_000 }),
      makeSong('l2', { durationMs: 23 * 60_000 }),
    ]);
    renderApp('/album/long');
    expect(await pageHeader()).toHaveTextContent('2 songs • 1 hr 3 min');
  });

  it('shows skeletons while loading', async () => {
    stallRoute('GET /api/user/albums/:id');
    renderApp('/album/abbey');
    expect(await screen.findByRole('status', { name: 'Loading album' })).toBeInTheDocument();
  });

  it('offers Retry after a failed load, never an empty album', async () => {
    seedBeatles();
    failOnce('GET /api/user/albums/:id');
    const { user } = renderApp('/album/abbey');
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load this album.");
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Abbey Road' })).toBeVisible();
  });

  it('is a 404 page for an unknown album', async () => {
    renderApp('/album/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Album Not Found' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
