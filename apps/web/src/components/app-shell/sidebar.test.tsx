import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePlaylist, makeUser } from '@/test/mock-api/factories';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

describe('the sidebar', { timeout: 20_000 }, () => {
  it('lists where to listen and the library, marking the current page', async () => {
    logIn(makeUser({ _id: 'me' }));
    const { user, router } = renderApp('/library/albums');
    const browse = await screen.findByRole('navigation', { name: 'Browse' });
    const library = screen.getByRole('navigation', { name: 'Your library' });
    const names = (nav: HTMLElement) =>
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(names(browse)).toEqual([
      ['Home', '/user/dashboard'],
      ['Discover', '/discover'],
      ['Search', '/search'],
      ['Genres', '/genres'],
      ['Podcasts', '/podcasts'],
      ['Live radio', '/live-radio'],
    ]);
    expect(names(library).slice(0, 5)).toEqual([
      ['Playlists', '/library/playlists'],
      ['Albums', '/library/albums'],
      ['Artists', '/library/artists'],
      ['Liked Songs', '/library/liked'],
      ['Recently Played', '/library/recent'],
    ]);
    expect(within(library).getByRole('link', { name: 'Albums' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(browse).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    await user.click(within(browse).getByRole('link', { name: 'Discover' }));
    expect(router.state.location.pathname).toBe('/discover');
    expect(within(browse).getByRole('link', { name: 'Discover' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it("lists the listener's own playlists, not the featured ones", async () => {
    logIn(makeUser({ _id: 'me' }));
    seed.playlist(makePlaylist('mine', { name: 'Road Trip', owner: { _id: 'me', name: 'Me' } }));
    seed.playlist(
      makePlaylist('staff', { name: 'Staff Picks', owner: { _id: 'admin', name: 'Admin' } }),
    );
    renderApp('/search');
    const library = await screen.findByRole('navigation', { name: 'Your library' });
    const own = await within(library).findByRole('list', { name: 'Your playlists' });
    expect(within(own).getByRole('link', { name: 'Road Trip' })).toHaveAttribute(
      'href',
      '/playlist/mine',
    );
    expect(within(library).queryByRole('link', { name: 'Staff Picks' })).not.toBeInTheDocument();
  });

  it('is not there for a visitor, nor on public pages or the admin dashboard', async () => {
    renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Browse' })).not.toBeInTheDocument();
  });

  it('is not on a public page for a logged-in listener either', async () => {
    logIn();
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Browse' })).not.toBeInTheDocument();
  });
});
