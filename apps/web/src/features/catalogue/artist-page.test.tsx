import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { stallRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';
import { failOnce, seedBeatles } from './catalogue-test-data';

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

describe('Artist page', { timeout: 20_000 }, () => {
  it('shows picture, name, counts, the top 5 songs (10 with Show more) and the albums', async () => {
    seedBeatles();
    seed.songs(
      ...Array.from({ length: 5 }, (_, index) =>
        makeSong(`extra-${index}`, { artists: [{ _id: 'beatles', name: 'The Beatles' }] }),
      ),
    );
    const { user } = renderApp('/artist/beatles');
    expect(await screen.findByRole('heading', { level: 1, name: 'The Beatles' })).toBeVisible();
    expect(screen.getByText('2 albums • 7 songs')).toBeInTheDocument();
    const popular = screen.getByRole('grid', { name: 'Popular songs of The Beatles' });
    expect(within(popular).getAllByRole('row')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(popular).getAllByRole('row')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(within(popular).getAllByRole('row')).toHaveLength(5);

    const albums = screen.getByRole('list', { name: 'Albums of The Beatles' });
    expect(
      within(albums)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Abbey Road', 'Help!']);
    expect(within(albums).getByRole('link', { name: 'Abbey Road' })).toHaveAttribute(
      'href',
      '/album/abbey',
    );
  });

  it('plays the top songs', async () => {
    seedBeatles();
    const { user } = renderApp('/artist/beatles');
    await user.click(await screen.findByRole('button', { name: 'Play The Beatles' }));
    expect(usePlayer.getState().queue).toHaveLength(7);
    expect(usePlayer.getState().isPlaying).toBe(true);
  });

  it('shows skeletons while loading', async () => {
    stallRoute('GET /api/user/artists/:id');
    renderApp('/artist/beatles');
    expect(await screen.findByRole('status', { name: 'Loading artist' })).toBeInTheDocument();
  });

  it('offers Retry after a failed load', async () => {
    seedBeatles();
    failOnce('GET /api/user/artists/:id');
    const { user } = renderApp('/artist/beatles');
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load this artist.");
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The Beatles' })).toBeVisible();
  });

  it('is a 404 page for an unknown artist', async () => {
    renderApp('/artist/nobody');
    expect(await screen.findByRole('heading', { name: 'Artist Not Found' })).toBeVisible();
  });
});
