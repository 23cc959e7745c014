import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '@/test/mock-api/routes';
import { seed } from '@/test/mock-api/store';
import { renderApp } from '@/test/render-app';
import { INVALID_INVITATION, SIGNUP_BY_INVITATION, SIGNUP_CLOSED } from './signup-page';

const invitation = (email: string | null) => ({
  _id: 'inv1',
  email,
  role: 'user' as const,
  createdAt: '2026-11-29T00:00:00.000Z',
  expiresAt: '2026-12-06T00:00:00.000Z',
});

describe('Sign up page when sign-up is not open', () => {
  it('says plainly that sign-up is closed, with a way to log in, and shows no form', async () => {
    seed.config({ registration: 'closed' });
    renderApp('/signup');
    expect(await screen.findByText(SIGNUP_CLOSED)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('says that sign-up is by invitation only without an invitation link', async () => {
    seed.config({ registration: 'invite' });
    renderApp('/signup');
    expect(await screen.findByText(SIGNUP_BY_INVITATION)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('takes an invitation link: the e-mail it names is filled in and fixed, and the sign-up carries it', async () => {
    seed.config({ registration: 'closed' });
    seed.invitation(invitation('invited@example.com'), 'tok-1');
    const { user, router } = renderApp('/signup?invite=tok-1');
    const form = within(await screen.findByRole('form', { name: 'Sign up' }));
    const email = form.getByLabelText('Email');
    expect(email).toHaveValue('invited@example.com');
    expect(email).toHaveAttribute('readonly');
    await user.type(form.getByLabelText('Full Name'), 'Ivy Invited');
    await user.type(form.getByLabelText('Password'), 'secret1');
    await user.type(form.getByLabelText('Confirm Password'), 'secret1');
    await user.click(form.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(form.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(requestsTo('POST /api/auth/register')[0]?.body).toEqual({
      name: 'Ivy Invited',
      email: 'invited@example.com',
      password: 'secret1',
      invitation: 'tok-1',
    });
  });

  it('says an invitation link is invalid when the server does not know it', async () => {
    renderApp('/signup?invite=unknown');
    expect(await screen.findByText(INVALID_INVITATION)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});
