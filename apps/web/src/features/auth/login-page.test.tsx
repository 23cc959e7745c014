import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer, breakRoute, failRoute, stallRoute } from '@/test/mock-api/server';
import { seed, sessionTokensOf } from '@/test/mock-api/store';
import { renderApp } from '@/test/render-app';

function loginForm() {
  return within(screen.getByRole('form', { name: 'Log in' }));
}

async function fillAndSubmit(
  user: ReturnType<typeof renderApp>['user'],
  { email = 'ada@example.com', password = 'secret1', remember = false } = {},
) {
  const form = loginForm();
  await user.type(form.getByLabelText('Email'), email);
  await user.type(form.getByLabelText('Password'), password);
  if (remember) await user.click(form.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(form.getByRole('button', { name: 'Log In' }));
}

describe('Login page', () => {
  it('shows every field, the toggle and the links', () => {
    renderApp('/login');
    const form = loginForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(form.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(form.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(form.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(form.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(form.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('shows and hides the password with a labelled toggle', async () => {
    const { user } = renderApp('/login');
    const form = loginForm();
    await user.click(form.getByRole('button', { name: 'Show password' }));
    expect(form.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(form.getByRole('button', { name: 'Hide password' }));
    expect(form.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('requires email and password on submit, and clears each error when its field is edited', async () => {
    const { user } = renderApp('/login');
    const form = loginForm();
    expect(form.queryByText('Email is required')).not.toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Log In' }));
    expect(await form.findByText('Email is required')).toBeInTheDocument();
    expect(form.getByText('Password is required')).toBeInTheDocument();
    expect(form.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo('POST /api/auth/login')).toHaveLength(0);

    await user.type(form.getByLabelText('Email'), 'a');
    expect(form.queryByText('Email is required')).not.toBeInTheDocument();
    expect(form.getByText('Password is required')).toBeInTheDocument();

    await user.type(form.getByLabelText('Password'), 'x');
    expect(form.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('rejects an e-mail address without the text@text.text shape', async () => {
    const { user } = renderApp('/login');
    await fillAndSubmit(user, { email: 'ada@example' });
    expect(await loginForm().findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(requestsTo('POST /api/auth/login')).toHaveLength(0);

    await user.type(loginForm().getByLabelText('Email'), '.com');
    expect(loginForm().queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  it('disables the submit button while the request is pending', async () => {
    stallRoute('POST /api/auth/login');
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    await waitFor(() => expect(loginForm().getByRole('button', { name: /Log In/ })).toBeDisabled());
    expect(loginForm().getByRole('progressbar')).toBeInTheDocument();
  });

  it('sends the credentials and goes to the user dashboard by default', async () => {
    seed.user(makeUser(), 'secret1');
    const { user, router } = renderApp('/login');
    await fillAndSubmit(user, { email: '  ada@example.com ' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    const [request] = requestsTo('POST /api/auth/login');
    expect(request?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      remember: false,
    });
  });

  it('sends a visitor back to the page they were sent from', async () => {
    seed.user(makeUser());
    const { user, router } = renderApp({ pathname: '/login', state: { from: '/discover' } });
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/discover'));
  });

  it('sends an admin to the admin dashboard even when sent from elsewhere', async () => {
    seed.user(adminUser);
    const { user, router } = renderApp({ pathname: '/login', state: { from: '/discover' } });
    await fillAndSubmit(user, { email: adminUser.email });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('ignores an origin that is not a page of this app', async () => {
    seed.user(makeUser());
    const { user, router } = renderApp({
      pathname: '/login',
      state: { from: '//evil.example.com/' },
    });
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
  });

  it('keeps the session in sessionStorage without remember me', async () => {
    const user1 = seed.user(makeUser());
    const { user, router } = renderApp('/login');
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(sessionStorage.getItem('token')).toBe(sessionTokensOf(user1._id)[0]);
    expect(JSON.parse(sessionStorage.getItem('user') ?? 'null')).toEqual(user1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the session in localStorage with remember me', async () => {
    const account = seed.user(makeUser());
    const { user, router } = renderApp('/login');
    await fillAndSubmit(user, { remember: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(requestsTo('POST /api/auth/login')[0]?.body).toMatchObject({ remember: true });
    expect(localStorage.getItem('token')).toBe(sessionTokensOf(account._id)[0]);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({
      name: 'Ada Listener',
    });
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it("shows the server's message on failure and stays on the page", async () => {
    seed.user(makeUser(), 'another1');
    const { user, router } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('shows the rate-limit message the server sends', async () => {
    failRoute('POST /api/auth/login', 429, 'Too many attempts. Try again in a minute.');
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in a minute.',
    );
  });

  it('falls back to a generic message when the server sends none', async () => {
    answer('POST /api/auth/login', () => new HttpResponse('Bad gateway', { status: 502 }));
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed. Please check your credentials.',
    );
  });

  it('falls back to the generic message when the network fails', async () => {
    breakRoute('POST /api/auth/login');
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed. Please check your credentials.',
    );
  });
});
