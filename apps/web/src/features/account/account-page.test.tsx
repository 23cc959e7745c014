import { HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '@/test/mock-api/server';
import { logIn, renderApp } from '@/test/render-app';

describe('the account page', { timeout: 20_000 }, () => {
  it('opens from the sidebar and lists its sections', async () => {
    answer('GET /api/user/account/sessions', () => HttpResponse.json({ success: true, data: [] }));
    logIn();
    const { user, router } = renderApp('/library/liked');
    const nav = await screen.findByRole('navigation', { name: 'Your account' });
    await user.click(within(nav).getByRole('link', { name: 'Account settings' }));
    expect(router.state.location.pathname).toBe('/account');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account settings' }),
    ).toBeInTheDocument();
    const page = screen.getByRole('region', { name: 'Account settings' });
    const sections = within(page)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(sections).toEqual([
      'Name',
      'E-mail',
      'Password',
      'Two-factor sign-in',
      "Where you're signed in",
      'Apps',
      'Scrobbling',
      'Shared links',
      'Appearance',
    ]);
    expect(within(nav).getByRole('link', { name: 'Account settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('is for signed-in listeners only', async () => {
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
