import { HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, requestsTo } from '@/test/mock-api/routes';
import { answer } from '@/test/mock-api/server';
import { logIn, renderApp } from '@/test/render-app';

describe('the e-mail confirmation link', { timeout: 20_000 }, () => {
  it('confirms the change once, signed out, and offers to log in', async () => {
    answer('POST /api/user/account/email/confirm', () =>
      HttpResponse.json({ success: true, message: 'Your e-mail address has been changed.' }),
    );
    renderApp('/account/confirm-email/the-token');
    expect(await screen.findByText('Your e-mail address has been changed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(requestsTo('POST /api/user/account/email/confirm')).toHaveLength(1);
    expect(requestsTo('POST /api/user/account/email/confirm')[0]?.body).toEqual({
      token: 'the-token',
    });
  });

  it('says when the link is spent, and leads a listener back to the account', async () => {
    const spent =
      'This confirmation link is invalid, was already used or has expired. Please ask for a new one.';
    answer('POST /api/user/account/email/confirm', () =>
      failure(400, spent, 'invalid_email_change_token'),
    );
    logIn();
    renderApp('/account/confirm-email/used-token');
    expect(await screen.findByText(spent)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your account' })).toHaveAttribute(
      'href',
      '/account',
    );
  });
});
