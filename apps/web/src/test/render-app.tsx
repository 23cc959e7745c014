import type { User } from '@cadenza/contract/auth';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { connectApiToRouter, routes } from '@/app/router';
import { useAuthStore } from '@/lib/auth-store';
import { makeUser } from './mock-api/factories';
import { seed } from './mock-api/store';

type Entry = string | { pathname: string; state?: unknown };

/** Renders the whole app (layout, routes, providers) at `entry` in a memory router. */
export function renderApp(entry: Entry = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  connectApiToRouter(router);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}

/**
 * Logs `user` in: the browser keeps the session (localStorage with `remember`) and the fake API
 * accepts `token` as theirs.
 */
export function logIn(user: User = makeUser(), remember = true, token = 'test-token'): User {
  seed.session(user, token);
  useAuthStore.getState().setSession(token, user, remember);
  return user;
}

/** Lets a matchMedia query (e.g. MUI's small-screen breakpoints) match in jsdom. */
export function mockSmallScreen() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  );
}

/** jsdom has no media playback: play/pause/load become harmless stubs. */
export function stubMediaElement() {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
}
