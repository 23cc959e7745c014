import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute, server, stallRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

const ROUTE = 'GET /api/user/songs';

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

describe('/genre/:genre', () => {
  it('shows a skeleton while loading', async () => {
    stallRoute(ROUTE);
    renderApp('/genre/jazz');
    expect(await screen.findByRole('status', { name: 'Loading Jazz songs' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Jazz' })).toBeInTheDocument();
  });

  it('lists only that genre’s songs and plays them', async () => {
    seed.songs(
      makeSong('1', { genre: 'jazz', title: 'Blue Note' }),
      makeSong('2', { genre: 'rock', title: 'Loud One' }),
      makeSong('3', { genre: 'jazz', title: 'Late Set' }),
    );
    const { user } = renderApp('/genre/jazz');
    expect(await screen.findByText('Blue Note')).toBeInTheDocument();
    expect(screen.getByText('Late Set')).toBeInTheDocument();
    expect(screen.queryByText('Loud One')).not.toBeInTheDocument();
    expect(requestsTo(ROUTE)[0]?.query.get('genre')).toBe('jazz');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(usePlayer.getState().current?.title).toBe('Blue Note');
    const player = screen.getByRole('region', { name: 'Player' });
    expect(within(player).getByText('Blue Note')).toBeInTheDocument();
  });

  it('answers an unknown genre with the not-found page, asking nothing', async () => {
    renderApp('/genre/polka');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(requestsTo(ROUTE)).toEqual([]);
  });

  it('shows an error with Retry when loading fails', async () => {
    seed.songs(makeSong('1', { genre: 'rock', title: 'Loud One' }));
    failRoute(ROUTE, 500, 'Something went wrong.');
    const { user } = renderApp('/genre/rock');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Rock songs could not be loaded.');
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loud One')).toBeInTheDocument();
  });

  it('says the genre has no songs yet', async () => {
    renderApp('/genre/classical');
    expect(
      await screen.findByText('No Classical songs yet. They appear here once some are added.'),
    ).toBeInTheDocument();
  });
});
