import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute } from '@/test/mock-api/server';
import { seed, sessionTokensOf } from '@/test/mock-api/store';
import { logIn, mockSmallScreen, renderApp } from '@/test/render-app';

function header() {
  return within(screen.getByRole('banner'));
}

describe('Header', () => {
  it('shows the brand, Home and Discover, and Sign up to a visitor', () => {
    renderApp('/under-development');
    const bar = header();
    expect(bar.getByRole('link', { name: /Cadenza/ })).toHaveAttribute('href', '/');
    const nav = within(bar.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Discover' })).toHaveAttribute('href', '/discover');
    expect(bar.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(bar.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(bar.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows Dashboard (user dashboard) and Logout to a listener', () => {
    logIn(makeUser());
    renderApp('/under-development');
    expect(header().getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/user/dashboard',
    );
    expect(header().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(header().queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('points Dashboard to the admin dashboard for an admin', () => {
    logIn(adminUser);
    renderApp('/under-development');
    expect(header().getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });

  it('logs out: calls the server with the token, clears the session, goes to /login', async () => {
    const account = logIn(makeUser(), true, 'tok-out');
    const { user, router } = renderApp('/under-development');
    await user.click(header().getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ signedOut: true });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(header().getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('POST /api/auth/logout')).toHaveLength(1));
    const [request] = requestsTo('POST /api/auth/logout');
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-out');
    // The server ended that session.
    await waitFor(() => expect(sessionTokensOf(account._id)).toEqual([]));
  });

  it('logs out locally even when the server call fails', async () => {
    failRoute('POST /api/auth/logout', 401, 'Unauthorized');
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    logIn(makeUser(), false);
    const { user, router } = renderApp('/under-development');
    await user.click(await header().findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ signedOut: true });
    expect(sessionStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(debug).toHaveBeenCalled());
  });

  it('follows session changes made in another tab', async () => {
    renderApp('/under-development');
    expect(header().getByRole('link', { name: 'Sign up' })).toBeInTheDocument();

    // A session the server knows: signed in, the player asks it for the account's settings.
    seed.session(adminUser, 'tok-other-tab');
    act(() => {
      localStorage.setItem('token', 'tok-other-tab');
      localStorage.setItem('user', JSON.stringify(adminUser));
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    expect(await header().findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );

    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(await header().findByRole('link', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('replaces the links with a drawer menu on small screens', async () => {
    mockSmallScreen();
    logIn(makeUser());
    const { user } = renderApp('/under-development');
    expect(header().queryByRole('link', { name: 'Discover' })).not.toBeInTheDocument();

    await user.click(header().getByRole('button', { name: 'Open menu' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Menu' }));
    expect(drawer.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(drawer.getByRole('link', { name: 'Discover' })).toHaveAttribute('href', '/discover');
    expect(drawer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/user/dashboard',
    );
    expect(drawer.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    await user.click(drawer.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('presentation')).not.toBeInTheDocument());
  });
});
