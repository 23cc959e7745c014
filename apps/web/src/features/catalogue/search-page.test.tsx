import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';
import { failOnce, seedBeatles } from './catalogue-test-data';

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

describe('Search page', { timeout: 20_000 }, () => {
  it('searches as the listener types, once typing pauses, and keeps the query in the URL', async () => {
    seedBeatles();
    const { user, router } = renderApp('/search');
    const field = await screen.findByRole('searchbox', {
      name: 'Search songs, albums and artists',
    });
    expect(field).toHaveFocus();
    await user.type(field, 'abbey');
    expect(await screen.findByRole('region', { name: 'Albums' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=abbey');
    // One search for the whole word, not one per key.
    expect(requestsTo('GET /api/user/search/all')).toHaveLength(1);
    const albums = screen.getByRole('region', { name: 'Albums' });
    expect(within(albums).getByRole('article', { name: 'Abbey Road' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Songs' })).toBeInTheDocument();
  });

  it('opens with the query of its URL and shows songs (top 5, then all), albums and artists', async () => {
    seedBeatles();
    seed.songs(
      ...Array.from({ length: 4 }, (_, index) =>
        makeSong(`beat-${index}`, { title: `Beatles Cover ${index}` }),
      ),
    );
    const { user } = renderApp('/search?q=the');
    expect(await screen.findByRole('searchbox')).toHaveValue('the');
    const songs = await screen.findByRole('grid', { name: 'Songs' });
    expect(within(songs).getAllByRole('row')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(within(songs).getAllByRole('row').length).toBeGreaterThan(5);
    const artists = screen.getByRole('region', { name: 'Artists' });
    expect(within(artists).getByRole('article', { name: 'The Beatles' })).toBeInTheDocument();
    expect(within(artists).getByText('Artist')).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    seedBeatles();
    renderApp('/search?q=zzz');
    expect(await screen.findByText('No results for “zzz”')).toBeInTheDocument();
  });

  it('offers Retry after a failed search, never "No results"', async () => {
    seedBeatles();
    failOnce('GET /api/user/search/all');
    const { user } = renderApp('/search?q=abbey');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed.');
    expect(screen.queryByText(/No results/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Albums' })).toBeInTheDocument();
  });
});
