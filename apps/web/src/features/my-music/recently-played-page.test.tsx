import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSong } from '@/test/mock-api/factories';
import { failRoute, server, stallRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

const ROUTE = 'GET /api/user/songs/recently-played';

beforeEach(() => {
  logIn();
});
afterEach(() => vi.useRealTimers());

describe('/library/recent', () => {
  it('shows a skeleton while loading', async () => {
    stallRoute(ROUTE);
    renderApp('/library/recent');
    expect(
      await screen.findByRole('status', { name: 'Loading recently played songs' }),
    ).toBeInTheDocument();
  });

  it('lists the songs played, newest first, with how long ago', async () => {
    // seed.plays: the first at 12:00, then a minute apart before it.
    vi.useFakeTimers({ now: Date.parse('2025-06-01T12:03:00.000Z'), toFake: ['Date'] });
    const songs = [makeSong('1'), makeSong('2')];
    seed.library({ songs, recent: [songs[1]!, songs[0]!] });
    renderApp('/library/recent');
    expect(await screen.findByText('Song 2')).toBeInTheDocument();
    expect(screen.getByText('played 3 min ago')).toBeInTheDocument();
    expect(screen.getByText('played 4 min ago')).toBeInTheDocument();
  });

  it('shows an error with Retry when loading fails', async () => {
    const songs = [makeSong('1')];
    seed.library({ songs, recent: songs });
    failRoute(ROUTE, 500, 'Something went wrong.');
    const { user } = renderApp('/library/recent');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your recently played songs could not be loaded.');
    expect(screen.queryByText(/Nothing played yet/)).not.toBeInTheDocument();
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Song 1')).toBeInTheDocument();
  });

  it('says what will show there when nothing was played', async () => {
    renderApp('/library/recent');
    expect(
      await screen.findByText('Nothing played yet. Songs you play show up here, newest first.'),
    ).toBeInTheDocument();
  });
});
