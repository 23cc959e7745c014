import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer, failRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { renderApp } from '@/test/render-app';

const CHALLENGE = 'signed-challenge';

/** An account with two-factor sign-in: login answers a challenge, the right code a session. */
function twoFactorAccount(goodCode = '123456') {
  const account = seed.user(makeUser());
  answer('POST /api/auth/login', () =>
    HttpResponse.json({ success: true, secondFactorRequired: true, challenge: CHALLENGE }),
  );
  answer('POST /api/auth/login/second-factor', async ({ request }) => {
    const body = (await request.json()) as { challenge: string; code: string };
    if (body.challenge !== CHALLENGE || body.code !== goodCode) {
      return HttpResponse.json(
        {
          success: false,
          code: 'invalid_second_factor_code',
          message: 'That code is not valid. Please try again with a new one.',
        },
        { status: 400 },
      );
    }
    seed.session(account, 'two-factor-token');
    return HttpResponse.json({ success: true, token: 'two-factor-token', user: account });
  });
  return account;
}

async function logInWithPassword(user: ReturnType<typeof renderApp>['user'], remember = false) {
  const form = within(screen.getByRole('form', { name: 'Log in' }));
  await user.type(form.getByLabelText('Email'), 'ada@example.com');
  await user.type(form.getByLabelText('Password'), 'secret1');
  if (remember) await user.click(form.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(form.getByRole('button', { name: 'Log In' }));
  return within(await screen.findByRole('form', { name: 'Two-factor sign-in' }));
}

describe("the login's code step", () => {
  it('asks for the code after the password, then signs in with the challenge and the code', async () => {
    twoFactorAccount();
    const { user, router } = renderApp('/login');
    const step = await logInWithPassword(user, true);
    expect(screen.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();

    await user.type(step.getByLabelText('Authentication code'), ' 123456 ');
    await user.click(step.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(requestsTo('POST /api/auth/login/second-factor')[0]?.body).toEqual({
      challenge: CHALLENGE,
      code: '123456',
    });
    // Remember me, ticked with the password, keeps the session.
    expect(localStorage.getItem('token')).toBe('two-factor-token');
  });

  it('asks for a code before sending anything', async () => {
    twoFactorAccount();
    const { user } = renderApp('/login');
    const step = await logInWithPassword(user);
    await user.click(step.getByRole('button', { name: 'Verify' }));
    expect(await step.findByText('Please enter the code')).toBeVisible();
    expect(requestsTo('POST /api/auth/login/second-factor')).toHaveLength(0);
  });

  it("shows the server's message for a wrong code and lets the listener try again", async () => {
    twoFactorAccount();
    const { user, router } = renderApp('/login');
    const step = await logInWithPassword(user);
    await user.type(step.getByLabelText('Authentication code'), '999999');
    await user.click(step.getByRole('button', { name: 'Verify' }));
    expect(await step.findByRole('alert')).toHaveTextContent(
      'That code is not valid. Please try again with a new one.',
    );
    expect(router.state.location.pathname).toBe('/login');

    await user.clear(step.getByLabelText('Authentication code'));
    await user.type(step.getByLabelText('Authentication code'), '123456');
    await user.click(step.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
  });

  it('shows the wait when too many codes were tried', async () => {
    twoFactorAccount();
    failRoute(
      'POST /api/auth/login/second-factor',
      429,
      'Too many attempts. Please try again in 15 minutes.',
    );
    const { user } = renderApp('/login');
    const step = await logInWithPassword(user);
    await user.type(step.getByLabelText('Authentication code'), '123456');
    await user.click(step.getByRole('button', { name: 'Verify' }));
    expect(await step.findByRole('alert')).toHaveTextContent('Please try again in 15 minutes.');
  });

  it('goes back to the password form', async () => {
    twoFactorAccount();
    const { user } = renderApp('/login');
    const step = await logInWithPassword(user);
    await user.click(step.getByRole('button', { name: 'Back to log in' }));
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeVisible();
  });
});
