import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeArtist } from '@/test/mock-api/factories';
import { failure, requestsTo } from '@/test/mock-api/routes';
import { answer, stallRoute } from '@/test/mock-api/server';
import { logIn, renderApp } from '@/test/render-app';

const ROUTE = 'GET /api/user/artists';

beforeEach(() => {
  logIn();
});

describe('/library/artists', () => {
  it('shows a skeleton while the first page loads', async () => {
    stallRoute(ROUTE);
    renderApp('/library/artists');
    expect(await screen.findByRole('status', { name: 'Loading artists' })).toBeInTheDocument();
  });

  it('shows the artists as cards and loads the next page by cursor', async () => {
    answer(ROUTE, ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      return HttpResponse.json(
        cursor
          ? { success: true, data: [makeArtist('c')] }
          : { success: true, data: [makeArtist('a'), makeArtist('b')], nextCursor: 'next' },
      );
    });
    const { user } = renderApp('/library/artists');
    const grid = await screen.findByRole('list', { name: 'Artists' });
    expect(within(grid).getByText('Artist a')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(grid).findByText('Artist c')).toBeInTheDocument();
    // The first page may be asked for again (a refetch); the next page is asked by its cursor.
    const cursors = requestsTo(ROUTE).map((request) => request.query.get('cursor'));
    expect(cursors[0]).toBeNull();
    expect(cursors).toContain('next');
  });

  it('shows an error with Retry when loading fails', async () => {
    let calls = 0;
    answer(ROUTE, () => {
      calls += 1;
      return calls === 1
        ? failure(503, 'Unavailable.')
        : HttpResponse.json({ success: true, data: [makeArtist('a')] });
    });
    const { user } = renderApp('/library/artists');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Artists could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Artist a')).toBeInTheDocument();
  });

  it('says how artists get there when there are none', async () => {
    answer(ROUTE, () => HttpResponse.json({ success: true, data: [] }));
    renderApp('/library/artists');
    expect(
      await screen.findByText(
        'No artists yet. Artists appear here as songs are added to the library.',
      ),
    ).toBeInTheDocument();
  });
});
