import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeAlbum } from '@/test/mock-api/factories';
import { failure, requestsTo } from '@/test/mock-api/routes';
import { answer, stallRoute } from '@/test/mock-api/server';
import { logIn, renderApp } from '@/test/render-app';

const ROUTE = 'GET /api/user/albums';
const albums = (...ids: string[]) => ids.map((id) => makeAlbum(id));

beforeEach(() => {
  logIn();
});

describe('/library/albums', () => {
  it('shows a skeleton while the first page loads', async () => {
    stallRoute(ROUTE);
    renderApp('/library/albums');
    expect(await screen.findByRole('status', { name: 'Loading albums' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Albums' })).toBeInTheDocument();
  });

  it('shows the albums as cards and loads the next page by cursor', async () => {
    answer(ROUTE, ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      return HttpResponse.json(
        cursor === 'page-2'
          ? { success: true, data: albums('3') }
          : { success: true, data: albums('1', '2'), nextCursor: 'page-2' },
      );
    });
    const { user } = renderApp('/library/albums');
    const grid = await screen.findByRole('list', { name: 'Albums' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
    expect(within(grid).getByText('Album 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(grid).findByText('Album 3')).toBeInTheDocument();
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestsTo(ROUTE).map((request) => request.query.get('cursor'))).toEqual([
      null,
      'page-2',
    ]);
  });

  it('keeps the loaded albums and offers Retry when a next page fails', async () => {
    let failNext = true;
    answer(ROUTE, ({ request }) => {
      if (!new URL(request.url).searchParams.get('cursor')) {
        return HttpResponse.json({ success: true, data: albums('1'), nextCursor: 'more' });
      }
      if (failNext) {
        failNext = false;
        return failure(500, 'Something went wrong.');
      }
      return HttpResponse.json({ success: true, data: albums('2') });
    });
    const { user } = renderApp('/library/albums');
    await screen.findByText('Album 1');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert');
    expect(screen.getByText('Album 1')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Album 2')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks the server for the order chosen, and keeps it in the address', async () => {
    answer(ROUTE, () => HttpResponse.json({ success: true, data: albums('1') }));
    const { user, router } = renderApp('/library/albums');
    await screen.findByRole('list', { name: 'Albums' });
    expect(requestsTo(ROUTE)[0]?.query.get('sort')).toBe('newest');
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(screen.getByRole('option', { name: 'Most played' }));
    await expect
      .poll(() => router.state.location.search, { timeout: 5000 })
      .toBe('?sort=most_played');
    await expect
      .poll(() => requestsTo(ROUTE).map((request) => request.query.get('sort')), {
        timeout: 5000,
      })
      .toEqual(['newest', 'most_played']);
  });

  it('opens in the order the address names', async () => {
    answer(ROUTE, () => HttpResponse.json({ success: true, data: albums('1') }));
    renderApp('/library/albums?sort=year');
    expect(await screen.findByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Year');
    await screen.findByRole('list', { name: 'Albums' });
    expect(requestsTo(ROUTE)[0]?.query.get('sort')).toBe('year');
  });

  it('shows an error with Retry when loading fails, never an empty library', async () => {
    let calls = 0;
    answer(ROUTE, () => {
      calls += 1;
      return calls === 1
        ? failure(500, 'Something went wrong.')
        : HttpResponse.json({ success: true, data: albums('1') });
    });
    const { user } = renderApp('/library/albums');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Albums could not be loaded.');
    expect(screen.queryByText(/No albums yet/)).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Album 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says how albums get there when there are none', async () => {
    answer(ROUTE, () => HttpResponse.json({ success: true, data: [] }));
    renderApp('/library/albums');
    expect(
      await screen.findByText(
        'No albums yet. Albums appear here as songs are added to the library.',
      ),
    ).toBeInTheDocument();
  });
});
