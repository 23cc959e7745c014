import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser } from '@/test/mock-api/factories';
import { logIn, renderApp } from '@/test/render-app';

describe('Routes', () => {
  it('shows Page Not Found with Back to Home for an unknown path', async () => {
    const { user, router } = renderApp('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows Access Denied on /unauthorized', () => {
    renderApp('/unauthorized');
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('shows Under Development with a progress bar fixed at 75%', () => {
    renderApp('/under-development');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Under Development' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Development progress' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/', 'Music for every moment'],
    ['/home', 'Music for every moment'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/contact', 'Contact Us'],
    ['/pricing', 'Premium is free during early access'],
    ['/feedback', 'Share Your Feedback'],
  ])('renders the public page %s', (path, heading) => {
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Welcome back'],
    ['/signup', 'Create your account'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password/some-token', 'Reset your password'],
  ])('renders %s', (path, heading) => {
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('sends a logged-in listener from /login and /signup to the user dashboard', async () => {
    logIn();
    for (const path of ['/login', '/signup']) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
      expect(screen.queryByRole('form', { name: /Log in|Sign up/ })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('sends a logged-in admin from /login and /signup to the admin dashboard', async () => {
    logIn(adminUser);
    for (const path of ['/login', '/signup']) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
      unmount();
    }
  });
});
