import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer, stallRoute } from '@/test/mock-api/server';
import { seed, sessionTokensOf, store } from '@/test/mock-api/store';
import { renderApp } from '@/test/render-app';

const PATH = '/reset-password/abc123token';

/** The account whose reset link the page was opened with. */
function seedResetLink() {
  const account = seed.user(makeUser(), 'oldsecret');
  store.passwordResets.set('abc123token', account._id);
  return account;
}

function resetForm() {
  return within(screen.getByRole('form', { name: 'Reset password' }));
}

type User = ReturnType<typeof renderApp>['user'];

async function fillAndSubmit(user: User, password: string, confirmation = password) {
  await user.type(resetForm().getByLabelText('New Password'), password);
  await user.type(resetForm().getByLabelText('Confirm New Password'), confirmation);
  await user.click(resetForm().getByRole('button', { name: 'Reset Password' }));
}

describe('Reset password page', () => {
  it('requires a password on an empty submit', async () => {
    const { user } = renderApp(PATH);
    await user.click(resetForm().getByRole('button', { name: 'Reset Password' }));
    expect(await resetForm().findByText('Password is required')).toBeInTheDocument();
    expect(requestsTo('PUT /api/auth/reset-password/:token')).toHaveLength(0);
  });

  it('needs at least 6 characters and a matching confirmation, clearing each on edit', async () => {
    const { user } = renderApp(PATH);
    await fillAndSubmit(user, 'abc', 'abd');
    const form = resetForm();
    expect(await form.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(form.getByText('Passwords do not match')).toBeInTheDocument();
    expect(requestsTo('PUT /api/auth/reset-password/:token')).toHaveLength(0);

    await user.type(form.getByLabelText('New Password'), 'def');
    expect(form.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
    expect(form.getByText('Passwords do not match')).toBeInTheDocument();
    await user.type(form.getByLabelText('Confirm New Password'), 'x');
    expect(form.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it("asks for the server's minimum password length and checks it", async () => {
    store.config.passwordMinLength = 10;
    const { user } = renderApp(PATH);
    expect(
      await screen.findByText('Choose a new password of at least 10 characters.'),
    ).toBeInTheDocument();
    await fillAndSubmit(user, 'q7Tz!x-ab');
    expect(
      await resetForm().findByText('Password must be at least 10 characters'),
    ).toBeInTheDocument();
    expect(requestsTo('PUT /api/auth/reset-password/:token')).toHaveLength(0);
  });

  it('shows and hides both password fields with one labelled toggle', async () => {
    const { user } = renderApp(PATH);
    await user.click(resetForm().getByRole('button', { name: 'Show password' }));
    expect(resetForm().getByLabelText('New Password')).toHaveAttribute('type', 'text');
    expect(resetForm().getByLabelText('Confirm New Password')).toHaveAttribute('type', 'text');
  });

  it('disables the submit button while pending', async () => {
    stallRoute('PUT /api/auth/reset-password/:token');
    const { user } = renderApp(PATH);
    await fillAndSubmit(user, 'newsecret');
    await waitFor(() =>
      expect(resetForm().getByRole('button', { name: /Reset Password/ })).toBeDisabled(),
    );
  });

  it('sends the new password with the token, then shows the success view', async () => {
    seedResetLink();
    // An answer without a session, as docs/product.md's server gave: the page must not log anyone in.
    answer('PUT /api/auth/reset-password/:token', () =>
      HttpResponse.json({ success: true, message: 'Done' }),
    );
    const { user, router } = renderApp(PATH);
    await fillAndSubmit(user, 'newsecret');

    expect(
      await screen.findByText('Your password has been successfully reset.'),
    ).toBeInTheDocument();
    const [request] = requestsTo('PUT /api/auth/reset-password/:token');
    expect(request?.path).toBe('/api/auth/reset-password/abc123token');
    expect(request?.body).toEqual({ password: 'newsecret' });
    // No token and user in the answer: nobody is logged in.
    expect(useAuthStore.getState().token).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Login with New Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('logs in for this tab only when the answer has a token and a user', async () => {
    const account = seedResetLink();
    const { user } = renderApp(PATH);
    await fillAndSubmit(user, 'newsecret');
    expect(
      await screen.findByText('Your password has been successfully reset.'),
    ).toBeInTheDocument();
    expect(store.passwords.get(account._id)).toBe('newsecret');
    expect(sessionStorage.getItem('token')).toBe(sessionTokensOf(account._id)[0]);
    expect(JSON.parse(sessionStorage.getItem('user') ?? 'null')).toEqual(account);
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("shows the server's message for an expired link", async () => {
    // No such link on the server: used already, or older than an hour.
    const { user, router } = renderApp(PATH);
    await fillAndSubmit(user, 'newsecret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('falls back to a generic message', async () => {
    answer('PUT /api/auth/reset-password/:token', () => new HttpResponse('oops', { status: 500 }));
    const { user } = renderApp(PATH);
    await fillAndSubmit(user, 'newsecret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to reset password. The reset link may be invalid or expired.',
    );
  });
});
