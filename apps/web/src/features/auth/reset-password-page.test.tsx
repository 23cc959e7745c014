import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import {
  jsonResponse,
  makeUser,
  mockFetch,
  mockPendingFetch,
  renderApp,
  requestOf,
} from '@/test/render-app';

const PATH = '/reset-password/abc123token';

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
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    const { user } = renderApp(PATH);
    await user.click(resetForm().getByRole('button', { name: 'Reset Password' }));
    expect(await resetForm().findByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs at least 6 characters and a matching confirmation, clearing each on edit', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    const { user } = renderApp(PATH);
    await fillAndSubmit(user, 'abc', 'abd');
    const form = resetForm();
    expect(await form.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(form.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(form.getByLabelText('New Password'), 'def');
    expect(form.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
    expect(form.getByText('Passwords do not match')).toBeInTheDocument();
    await user.type(form.getByLabelText('Confirm New Password'), 'x');
    expect(form.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it('shows and hides both password fields with one labelled toggle', async () => {
    const { user } = renderApp(PATH);
    await user.click(resetForm().getByRole('button', { name: 'Show password' }));
    expect(resetForm().getByLabelText('New Password')).toHaveAttribute('type', 'text');
    expect(resetForm().getByLabelText('Confirm New Password')).toHaveAttribute('type', 'text');
  });

  it('disables the submit button while pending', async () => {
    mockPendingFetch();
    const { user } = renderApp(PATH);
    await fillAndSubmit(user, 'newsecret');
    await waitFor(() =>
      expect(resetForm().getByRole('button', { name: /Reset Password/ })).toBeDisabled(),
    );
  });

  it('sends the new password with the token, then shows the success view', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { success: true, message: 'Done' }));
    const { user, router } = renderApp(PATH);
    await fillAndSubmit(user, 'newsecret');

    expect(
      await screen.findByText('Your password has been successfully reset.'),
    ).toBeInTheDocument();
    expect(requestOf(fetchMock)).toMatchObject({
      url: '/api/auth/reset-password/abc123token',
      method: 'PUT',
      body: { password: 'newsecret' },
    });
    // No token and user in the answer: nobody is logged in.
    expect(useAuthStore.getState().token).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Login with New Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('logs in for this tab only when the answer has a token and a user', async () => {
    const account = makeUser();
    mockFetch(() => jsonResponse(200, { success: true, token: 'tok-reset', user: account }));
    const { user } = renderApp(PATH);
    await fillAndSubmit(user, 'newsecret');
    expect(
      await screen.findByText('Your password has been successfully reset.'),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBe('tok-reset');
    expect(JSON.parse(sessionStorage.getItem('user') ?? 'null')).toEqual(account);
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("shows the server's message for an expired link", async () => {
    mockFetch(() =>
      jsonResponse(400, { success: false, message: 'This reset link is invalid or has expired' }),
    );
    const { user, router } = renderApp(PATH);
    await fillAndSubmit(user, 'newsecret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired',
    );
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('falls back to a generic message', async () => {
    mockFetch(() => new Response('oops', { status: 500 }));
    const { user } = renderApp(PATH);
    await fillAndSubmit(user, 'newsecret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to reset password. The reset link may be invalid or expired.',
    );
  });
});
