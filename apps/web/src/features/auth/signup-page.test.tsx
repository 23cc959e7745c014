import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer, stallRoute } from '@/test/mock-api/server';
import { seed, sessionTokensOf, store } from '@/test/mock-api/store';
import { renderApp } from '@/test/render-app';

function signupForm() {
  return within(screen.getByRole('form', { name: 'Sign up' }));
}

type User = ReturnType<typeof renderApp>['user'];

interface SignupInput {
  name?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
  agree?: boolean;
}

async function fillForm(user: User, input: SignupInput = {}) {
  const {
    name = 'Ada Listener',
    email = 'ada@example.com',
    password = 'secret1',
    confirmPassword = password,
    agree = true,
  } = input;
  const form = signupForm();
  if (name) await user.type(form.getByLabelText('Full Name'), name);
  if (email) await user.type(form.getByLabelText('Email'), email);
  if (password) await user.type(form.getByLabelText('Password'), password);
  if (confirmPassword) await user.type(form.getByLabelText('Confirm Password'), confirmPassword);
  if (agree) await user.click(form.getByRole('checkbox', { name: /I agree to the/ }));
}

async function submit(user: User) {
  await user.click(signupForm().getByRole('button', { name: 'Sign Up' }));
}

describe('Sign up page', () => {
  it('links the terms and the privacy policy from the agreement', () => {
    renderApp('/signup');
    const form = signupForm();
    expect(form.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(form.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('keeps what was typed, never the password, across a visit to the terms and the policy', async () => {
    const { user, router } = renderApp('/signup');
    await fillForm(user);
    await user.click(signupForm().getByRole('link', { name: 'Terms of Service' }));
    expect(router.state.location.pathname).toBe('/terms-of-service');
    expect(JSON.stringify(sessionStorage)).not.toContain('secret1');
    await act(() => router.navigate(-1));
    expect(signupForm().getByLabelText('Full Name')).toHaveValue('Ada Listener');
    expect(signupForm().getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(signupForm().getByRole('checkbox', { name: /I agree to the/ })).toBeChecked();
    expect(signupForm().getByLabelText('Password')).toHaveValue('');
    expect(signupForm().getByLabelText('Confirm Password')).toHaveValue('');

    await user.click(signupForm().getByRole('link', { name: 'Privacy Policy' }));
    expect(router.state.location.pathname).toBe('/privacy-policy');
    await act(() => router.navigate('/signup'));
    expect(signupForm().getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('shows the required-field messages on an empty submit and clears them on edit', async () => {
    const { user } = renderApp('/signup');
    await submit(user);
    const form = signupForm();
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(form.getByText('Email is required')).toBeInTheDocument();
    expect(form.getByText('Password is required')).toBeInTheDocument();
    expect(form.getByText('You must agree to the terms and conditions')).toBeInTheDocument();
    expect(requestsTo('POST /api/auth/register')).toHaveLength(0);

    await user.type(form.getByLabelText('Full Name'), 'A');
    expect(form.queryByText('Name is required')).not.toBeInTheDocument();
    expect(form.getByText('Email is required')).toBeInTheDocument();

    await user.click(form.getByRole('checkbox', { name: /I agree to the/ }));
    expect(form.queryByText('You must agree to the terms and conditions')).not.toBeInTheDocument();
  });

  it('checks the e-mail shape, the password length and the confirmation', async () => {
    const { user } = renderApp('/signup');
    await fillForm(user, { email: 'ada.example.com', password: 'abc', confirmPassword: 'abd' });
    await submit(user);
    const form = signupForm();
    expect(await form.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(form.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(form.getByText('Passwords do not match')).toBeInTheDocument();

    await user.type(form.getByLabelText('Confirm Password'), 'x');
    expect(form.queryByText('Passwords do not match')).not.toBeInTheDocument();
    await user.type(form.getByLabelText('Password'), 'x');
    expect(form.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
  });

  it('reports mismatched passwords even when both are long enough', async () => {
    const { user } = renderApp('/signup');
    await fillForm(user, { password: 'secret1', confirmPassword: 'secret2' });
    await submit(user);
    expect(await signupForm().findByText('Passwords do not match')).toBeInTheDocument();
    expect(signupForm().queryByText('Password must be at least 6 characters')).toBeNull();
  });

  it("applies the server's minimum password length, saying its number", async () => {
    store.config.passwordMinLength = 10;
    const { user } = renderApp('/signup');
    await fillForm(user, { password: 'q7Tz!x-ab' });
    await submit(user);
    const form = signupForm();
    expect(await form.findByText('Password must be at least 10 characters')).toBeInTheDocument();
    expect(requestsTo('POST /api/auth/register')).toHaveLength(0);

    await user.type(form.getByLabelText('Password'), 'c');
    await user.type(form.getByLabelText('Confirm Password'), 'c');
    await submit(user);
    await waitFor(() => expect(requestsTo('POST /api/auth/register')).toHaveLength(1));
  });

  it('disables the submit button while pending', async () => {
    stallRoute('POST /api/auth/register');
    const { user } = renderApp('/signup');
    await fillForm(user);
    await submit(user);
    await waitFor(() =>
      expect(signupForm().getByRole('button', { name: /Sign Up/ })).toBeDisabled(),
    );
  });

  it('registers, keeps the session in localStorage and goes to the user dashboard', async () => {
    const { user, router } = renderApp('/signup');
    await fillForm(user);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    const [request] = requestsTo('POST /api/auth/register');
    expect(request?.body).toEqual({
      name: 'Ada Listener',
      email: 'ada@example.com',
      password: 'secret1',
    });
    const account = store.users.find((account) => account.email === 'ada@example.com');
    expect(localStorage.getItem('token')).toBe(sessionTokensOf(account?._id ?? '')[0]);
    expect(sessionStorage.getItem('token')).toBeNull();
    // The draft goes with the sign-up: the next visitor of this tab starts with an empty form.
    expect(sessionStorage.length).toBe(0);
  });

  it('sends an admin account to the admin dashboard', async () => {
    // The server never makes an admin by sign-up; this checks the page's routing rule alone.
    // The session is one the server knows: signed in, the player reads the account's settings.
    seed.session(adminUser, 'tok-a');
    answer('POST /api/auth/register', () =>
      HttpResponse.json({ success: true, token: 'tok-a', user: adminUser }, { status: 201 }),
    );
    const { user, router } = renderApp('/signup');
    await fillForm(user);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it("shows the server's message when the e-mail is taken", async () => {
    seed.user(makeUser({ email: 'ada@example.com' }));
    const { user, router } = renderApp('/signup');
    await fillForm(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists',
    );
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('falls back to a generic message', async () => {
    answer('POST /api/auth/register', () => new HttpResponse(null, { status: 500 }));
    const { user } = renderApp('/signup');
    await fillForm(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration failed. Please try again.',
    );
  });
});
