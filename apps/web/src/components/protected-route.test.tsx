import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, makeUser } from '@/test/mock-api/factories';
import { stallAllRoutes } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

describe('Protected screens', () => {
  it('shows a spinner first, then the page to a logged-in listener', async () => {
    logIn(makeUser());
    stallAllRoutes();
    renderApp('/discover');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Discover Music' })).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Discover Music' }),
    ).toBeInTheDocument();
  });

  it.each(['/player', '/discover', '/user/dashboard', '/admin/dashboard'])(
    'sends a logged-out visitor from %s to /login, remembering the origin',
    async (path) => {
      const { router } = renderApp(`${path}?tab=1`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.state).toEqual({ from: `${path}?tab=1` });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Welcome back' }),
      ).toBeInTheDocument();
    },
  );

  it('sends a logged-in non-admin on an admin route to /unauthorized', async () => {
    logIn(makeUser());
    const { router } = renderApp('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    expect(
      await screen.findByText("You don't have permission to access this page"),
    ).toBeInTheDocument();
  });

  it('shows the lazily loaded admin screen to an admin', async () => {
    logIn(adminUser);
    stallAllRoutes();
    const { router } = renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('returns to the origin after logging in from the redirect', async () => {
    seed.user(makeUser(), 'secret1');
    const { router, user } = renderApp('/discover');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discover'));
  });
});
