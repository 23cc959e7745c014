import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logIn, mockSmallScreen, renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('the tab bar on a phone', { timeout: 20_000 }, () => {
  it('offers Home, Discover, Search and the library, marking the current tab', async () => {
    mockSmallScreen();
    logIn();
    const { user, router } = renderApp('/search');
    const tabs = await screen.findByRole('navigation', { name: 'Tabs' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/user/dashboard'],
      ['Discover', '/discover'],
      ['Search', '/search'],
      ['Your Library', '/library/playlists'],
    ]);
    expect(within(tabs).getByRole('link', { name: 'Search' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByRole('navigation', { name: 'Browse' })).not.toBeInTheDocument();

    await user.click(within(tabs).getByRole('link', { name: 'Your Library' }));
    expect(router.state.location.pathname).toBe('/library/playlists');
    expect(within(tabs).getByRole('link', { name: 'Your Library' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('keeps the library tab current on every library page', async () => {
    mockSmallScreen();
    logIn();
    renderApp('/library/liked');
    const tabs = await screen.findByRole('navigation', { name: 'Tabs' });
    expect(within(tabs).getByRole('link', { name: 'Your Library' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('is not there for a visitor', async () => {
    mockSmallScreen();
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Tabs' })).not.toBeInTheDocument();
  });
});
