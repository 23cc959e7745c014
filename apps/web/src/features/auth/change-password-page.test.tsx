import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seed, store } from '@/test/mock-api/store';
import { renderApp } from '@/test/render-app';
import { useAuthStore } from '@/lib/auth-store';
import { NO_TEMPORARY_SESSION } from './change-password-page';

describe('First login with a temporary password', { timeout: 20_000 }, () => {
  it('leads to choosing a password before anything else, then to the dashboard', async () => {
    const account = seed.user(makeUser({ email: 'temp@example.com' }), 'given-1');
    seed.accountState(account, { passwordChangeRequired: true });
    const { user, router } = renderApp('/login');
    const login = within(await screen.findByRole('form', { name: 'Log in' }));
    await user.type(login.getByLabelText('Email'), 'temp@example.com');
    await user.type(login.getByLabelText('Password'), 'given-1');
    await user.click(login.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'));
    // The temporary session is not kept as the signed-in one.
    expect(useAuthStore.getState().token).toBeNull();
    const form = within(await screen.findByRole('form', { name: 'Choose your password' }));
    await user.type(form.getByLabelText('New Password'), 'my-own-1');
    await user.type(form.getByLabelText('Confirm New Password'), 'my-own-1');
    await user.click(form.getByRole('button', { name: 'Save Password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(requestsTo('PUT /api/auth/initial-password')[0]?.body).toEqual({
      password: 'my-own-1',
    });
    expect(store.passwords.get(account._id)).toBe('my-own-1');
    expect(useAuthStore.getState().token).not.toBeNull();
  });

  it('asks to log in again when opened without a temporary session', async () => {
    renderApp('/change-password');
    expect(await screen.findByText(NO_TEMPORARY_SESSION)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });
});

describe('A private site', () => {
  it('leads from / to the login page', async () => {
    seed.config({ siteMode: 'private' });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeInTheDocument();
  });
});
