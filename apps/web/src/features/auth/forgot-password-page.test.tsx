import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute, stallRoute } from '@/test/mock-api/server';
import { seed, store } from '@/test/mock-api/store';
import { renderApp } from '@/test/render-app';

function forgotForm() {
  return within(screen.getByRole('form', { name: 'Forgot password' }));
}

describe('Forgot password page', () => {
  it('asks for the e-mail address on an empty submit and clears the message on edit', async () => {
    const { user } = renderApp('/forgot-password');
    await user.click(forgotForm().getByRole('button', { name: 'Send Reset Link' }));
    expect(await forgotForm().findByText('Please enter your email address')).toBeInTheDocument();
    expect(requestsTo('POST /api/auth/forgot-password')).toHaveLength(0);

    await user.type(forgotForm().getByLabelText('Email'), 'a');
    expect(forgotForm().queryByText('Please enter your email address')).not.toBeInTheDocument();
  });

  it('disables the submit button while pending', async () => {
    stallRoute('POST /api/auth/forgot-password');
    const { user } = renderApp('/forgot-password');
    await user.type(forgotForm().getByLabelText('Email'), 'ada@example.com');
    await user.click(forgotForm().getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(forgotForm().getByRole('button', { name: /Send Reset Link/ })).toBeDisabled(),
    );
  });

  it('shows the success view with a spam hint and a Return to Login button', async () => {
    const account = seed.user(makeUser());
    const { user } = renderApp('/forgot-password');
    await user.type(forgotForm().getByLabelText('Email'), 'ada@example.com');
    await user.click(forgotForm().getByRole('button', { name: 'Send Reset Link' }));

    expect(
      await screen.findByText('Reset link sent! Please check your email inbox.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/spam/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('form', { name: 'Forgot password' })).not.toBeInTheDocument();
    expect(requestsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({
      email: 'ada@example.com',
    });
    expect([...store.passwordResets.values()]).toEqual([account._id]);
  });

  it("shows the server's message on failure", async () => {
    failRoute('POST /api/auth/forgot-password', 429, 'Too many requests');
    const { user } = renderApp('/forgot-password');
    await user.type(forgotForm().getByLabelText('Email'), 'ada@example.com');
    await user.click(forgotForm().getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });

  it('falls back to a generic message', async () => {
    failRoute('POST /api/auth/forgot-password', 500);
    const { user } = renderApp('/forgot-password');
    await user.type(forgotForm().getByLabelText('Email'), 'ada@example.com');
    await user.click(forgotForm().getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send reset email. Please check your email address and try again.',
    );
  });
});
