import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-app';
import { MediaRow } from './media-row';

describe('MediaRow', () => {
  it('titles a row of items with a "Show all" link', async () => {
    const { user, router } = renderWithProviders(
      <MediaRow title="Albums" showAllHref="/library/albums">
        <span>One</span>
        <span>Two</span>
      </MediaRow>,
    );
    const section = screen.getByRole('region', { name: 'Albums' });
    expect(within(section).getByRole('heading', { name: 'Albums' })).toBeInTheDocument();
    const list = within(section).getByRole('list', { name: 'Albums' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['One', 'Two']);
    await user.click(within(section).getByRole('link', { name: 'Show all' }));
    expect(router.state.location.pathname).toBe('/library/albums');
  });

  it('has no "Show all" link without a place to show all', () => {
    renderWithProviders(
      <MediaRow title="Artists">
        <span>One</span>
      </MediaRow>,
    );
    expect(screen.queryByRole('link', { name: 'Show all' })).not.toBeInTheDocument();
  });
});
