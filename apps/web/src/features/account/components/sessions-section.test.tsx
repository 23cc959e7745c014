import type { AccountSession } from '@cadenza/contract/account';
import { HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { useAuthStore } from '@/lib/auth-store';
import { logIn, renderApp } from '@/test/render-app';

const ada = makeUser();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function session(id: string, overrides: Partial<AccountSession> = {}): AccountSession {
  return {
    id,
    device: 'Firefox on Linux',
    place: '203.0.113.7',
    current: false,
    signedInAt: minutesAgo(600),
    lastSeenAt: minutesAgo(5),
    ...overrides,
  };
}

/** The sessions the fake API lists, until a test's calls change them. */
function serveSessions(initial: AccountSession[]) {
  let listed = initial;
  answer('GET /api/user/account/sessions', () =>
    HttpResponse.json({ success: true, data: listed }),
  );
  answer('DELETE /api/user/account/sessions/:id', ({ params }) => {
    listed = listed.filter((entry) => entry.id !== String(params.id));
    return HttpResponse.json({ success: true, message: 'The session has been signed out.' });
  });
  answer('POST /api/user/account/sessions/sign-out-others', () => {
    listed = listed.filter((entry) => entry.current);
    seed.session(ada, 'renewed-token');
    return HttpResponse.json({
      success: true,
      message: 'Every other session has been signed out.',
      token: 'renewed-token',
      user: ada,
    });
  });
}

async function openSessions() {
  logIn(ada);
  const view = renderApp('/account');
  const list = await screen.findByRole('list', { name: 'Your sessions' });
  return { ...view, list };
}

describe('the sessions section of the account page', { timeout: 20_000 }, () => {
  it('lists each session with its device, place and last activity, this device marked', async () => {
    serveSessions([
      session('here', { current: true, lastSeenAt: new Date().toISOString() }),
      session('phone', { device: 'Safari on iOS', place: '2001:db8:5:6::/64' }),
    ]);
    const { list } = await openSessions();
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Firefox on Linux');
    expect(rows[0]).toHaveTextContent('This device');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari on iOS');
    expect(rows[1]).toHaveTextContent('2001:db8:5:6::/64 · Last seen 5 min ago');
    expect(rows[1]).not.toHaveTextContent('This device');
  });

  it('signs out one session and drops it from the list', async () => {
    serveSessions([
      session('here', { current: true }),
      session('phone', { device: 'Safari on iOS', place: '198.51.100.4' }),
    ]);
    const { user, list } = await openSessions();
    await user.click(
      within(list).getByRole('button', { name: 'Sign out Safari on iOS, 198.51.100.4' }),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(requestsTo('DELETE /api/user/account/sessions/:id')[0]?.path).toBe(
      '/api/user/account/sessions/phone',
    );
    expect(await screen.findByText('Safari on iOS has been signed out')).toBeInTheDocument();
  });

  it('signs out every other session and goes on with the new token', async () => {
    serveSessions([session('here', { current: true }), session('a'), session('b')]);
    const { user, list } = await openSessions();
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(useAuthStore.getState().token).toBe('renewed-token');
    expect(
      screen.queryByRole('button', { name: 'Sign out all other sessions' }),
    ).not.toBeInTheDocument();
  });
});
