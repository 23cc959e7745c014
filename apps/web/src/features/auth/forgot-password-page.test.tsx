import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, mockPendingFetch, renderApp, requestOf } from '@/test/render-app';

function forgotForm() {
  return within(screen.getByRole('form', { name: 'Forgot password' }));
}

describe('Forgot password page', () => {
  it('asks for the e-mail address on an empty submit and clears the message on edit', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    const { user } = renderApp('/forgot-password');
    await user.click(forgotForm().getByRole('button', { name: 'Send Reset Link' }));
    expect(await forgotForm().findByText('Please enter your email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(forgotForm().getByLabelText('Email'), 'a');
    expect(forgotForm().queryByText('Please enter your email address')).not.toBeInTheDocument();
  });

  it('disables the submit button while pending', async () => {
    mockPendingFetch();
    const { user } = renderApp('/forgot-password');
    await user.type(forgotForm().getByLabelText('Email'), 'ada@example.com');
    await user.click(forgotForm().getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(forgotForm().getByRole('button', { name: /Send Reset Link/ })).toBeDisabled(),
    );
  });

  it('shows the success view with a spam hint and a Return to Login button', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, { success: true, message: 'If the account exists, a link was sent.' }),
    );
    const { user } = renderApp('/forgot-password');
    await user.type(forgotForm().getByLabelText('Email'), 'ada@example.com');
    await user.click(forgotForm().getByRole('button', { name: 'Send Reset Link' }));

    expect(
      await screen.findByText('Reset link sent! Please check your email inbox.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/spam/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('form', { name: 'Forgot password' })).not.toBeInTheDocument();
    expect(requestOf(fetchMock)).toMatchObject({
      url: '/api/auth/forgot-password',
      method: 'POST',
      body: { email: 'ada@example.com' },
    });
  });

  it("shows the server's message on failure", async () => {
    mockFetch(() => jsonResponse(429, { success: false, message: 'Too many requests' }));
    const { user } = renderApp('/forgot-password');
    await user.type(forgotForm().getByLabelText('Email'), 'ada@example.com');
    await user.click(forgotForm().getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });

  it('falls back to a generic message', async () => {
    mockFetch(() => new Response('', { status: 500 }));
    const { user } = renderApp('/forgot-password');
    await user.type(forgotForm().getByLabelText('Email'), 'ada@example.com');
    await user.click(forgotForm().getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send reset email. Please check your email address and try again.',
    );
  });
});
