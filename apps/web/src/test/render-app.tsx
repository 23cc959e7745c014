import type { User } from '@cadenza/contract/auth';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { connectApiToRouter, routes } from '@/app/router';
import { useAuthStore } from '@/lib/auth-store';

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

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: '0190d4f2-8b1e-7000-8000-000000000001',
    name: 'Ada Listener',
    email: 'ada@example.com',
    role: 'user',
    profileImage: null,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export const adminUser = makeUser({
  _id: '0190d4f2-8b1e-7000-8000-000000000002',
  name: 'Grace Admin',
  email: 'grace@example.com',
  role: 'admin',
});

export function logIn(user: User = makeUser(), remember = true, token = 'test-token'): void {
  useAuthStore.getState().setSession(token, user, remember);
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces the global fetch for one test; returns the mock to inspect its calls. */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A fetch that never answers, to observe pending states. */
export function mockPendingFetch() {
  const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Reads the JSON body and headers a mocked fetch was called with. */
export function requestOf(fetchMock: ReturnType<typeof mockFetch>, index = 0) {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error(`fetch call ${index} was not made`);
  const [input, init = {}] = call;
  const headers = new Headers(init.headers);
  return {
    url: String(input),
    method: init.method ?? 'GET',
    headers,
    body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
  };
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
