import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer, failRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { renderApp } from '@/test/render-app';

function sessionAnswer() {
  const account = seed.user(makeUser());
  seed.session(account, 'elsewhere-token');
  return () => HttpResponse.json({ success: true, token: 'elsewhere-token', user: account });
}

describe('signing in without a password', () => {
  it("shows the provider's button when the server has one", async () => {
    seed.config({ signIn: { oidc: { buttonText: 'Sign in with Example ID' }, proxy: false } });
    renderApp('/login');
    const button = await screen.findByRole('link', { name: 'Sign in with Example ID' });
    expect(button).toHaveAttribute('href', '/api/auth/oidc/start');
  });

  it('shows no such button otherwise', async () => {
    renderApp('/login');
    await screen.findByRole('form', { name: 'Log in' });
    expect(screen.queryByRole('link', { name: /sign in with/i })).not.toBeInTheDocument();
  });

  it('picks up the session when the provider sent the browser back', async () => {
    answer('POST /api/auth/oidc/session', sessionAnswer());
    const { router } = renderApp('/login?sso=oidc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(requestsTo('POST /api/auth/oidc/session')).toHaveLength(1);
    expect(sessionStorage.getItem('token')).toBe('elsewhere-token');
  });

  it('asks an account with two-factor sign-in for its code after the provider', async () => {
    const account = seed.user(makeUser());
    answer('POST /api/auth/oidc/session', () =>
      HttpResponse.json({ success: true, secondFactorRequired: true, challenge: 'after-oidc' }),
    );
    answer('POST /api/auth/login/second-factor', async ({ request }) => {
      const body = (await request.json()) as { challenge: string; code: string };
      if (body.challenge !== 'after-oidc' || body.code !== '123456') {
        return HttpResponse.json(
          { success: false, code: 'invalid_second_factor_code', message: 'Wrong code.' },
          { status: 400 },
        );
      }
      seed.session(account, 'two-factor-token');
      return HttpResponse.json({ success: true, token: 'two-factor-token', user: account });
    });
    const { user, router } = renderApp('/login?sso=oidc');
    const step = within(await screen.findByRole('form', { name: 'Two-factor sign-in' }));
    expect(sessionStorage.getItem('token')).toBeNull();
    await user.type(step.getByLabelText('Authentication code'), '123456');
    await user.click(step.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(sessionStorage.getItem('token')).toBe('two-factor-token');
    expect(requestsTo('POST /api/auth/oidc/session')).toHaveLength(1);
  });

  it('says why when the provider sign-in failed', async () => {
    renderApp('/login?sso_error=registration_closed');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no account for you here, and sign-up is closed.',
    );
  });

  it('asks the trusted proxy who is there, and shows the form when nobody is', async () => {
    seed.config({ signIn: { oidc: null, proxy: true } });
    failRoute('POST /api/auth/proxy', 401, 'Your proxy did not say who you are. Please log in.');
    const { router } = renderApp('/login');
    await waitFor(() => expect(requestsTo('POST /api/auth/proxy')).toHaveLength(1));
    expect(screen.getByRole('form', { name: 'Log in' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs in through the trusted proxy', async () => {
    seed.config({ signIn: { oidc: null, proxy: true } });
    answer('POST /api/auth/proxy', sessionAnswer());
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
  });
});
