import type { User } from '@cadenza/contract/auth';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { chatWidget, keyboardShortcuts } from '@/app/root-layout';
import { shellSidebar, shellTabBar } from '@/components/app-shell/shell-parts';
import { connectApiToRouter, preloadAllPages, routes } from '@/app/router';
import { menuDrawer } from '@/components/header';
import { MuiScope } from '@/components/mui-scope';
import { toastStacks } from '@/components/toast-provider';
import { chatPanel } from '@/features/chat/chat-widget';
import { dashboardOverlays } from '@/features/dashboard/dashboard-overlays';
import { mediaSession, playerDock } from '@/features/player/player-root';
import { useAuthStore } from '@/lib/auth-store';
import { makeUser } from './mock-api/factories';
import { seed } from './mock-api/store';

// Screens, the chat, the header's menu, the player (its keys too), the listener's navigation and the dashboard's
// overlays load lazily in the app; tests render them at once. (The dashboard's tabs do not: their
// tests wait for them, and one checks that only the open tab's code loads.)
await Promise.all([
  ...Object.values(dashboardOverlays).map((overlay) => overlay.preload()),
  preloadAllPages(),
  chatWidget.preload(),
  menuDrawer.preload(),
  chatPanel.preload(),
  playerDock.preload(),
  mediaSession.preload(),
  keyboardShortcuts.preload(),
  shellSidebar.preload(),
  shellTabBar.preload(),
  toastStacks.preload(),
]);

type Entry = string | { pathname: string; state?: unknown };

/** Renders the whole app (layout, routes, providers) at `entry` in a memory router. */
export function renderApp(entry: Entry = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  connectApiToRouter(router);
  return renderRouter(router);
}

/** Renders `router` with the app's providers and a fresh query client that never retries. */
function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      {/* A piece of UI rendered on its own has no lazy screen around it to bring the theme. */}
      <MuiScope>
        <RouterProvider router={router} />
      </MuiScope>
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
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

/**
 * Renders one piece of UI with the app's providers in a memory router at `path`; other paths
 * render their own path, so a test sees where a link or menu went.
 */
export function renderWithProviders(ui: ReactNode, path = '/') {
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router);
}

function WhereAmI() {
  const location = useLocation();
  return <p>At {location.pathname}</p>;
}
