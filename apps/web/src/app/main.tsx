import './zod-config';
// First, so that the components' own stylesheets (CSS modules) come after it and win.
import '@/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import { applyDesignTokens } from '@/lib/design-tokens';
import { restorePlayer } from '@/lib/player/player-store';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { connectApiToRouter, preloadRoute, routes } from './router';
import { startSignedInFirstScreen } from './signed-in-first-screen';

// The stylesheets read the design tokens as custom properties: written before anything paints.
applyDesignTokens();

const router = createBrowserRouter(routes);
connectApiToRouter(router);
// Made here rather than by the providers: a signed-in first screen's data starts loading into it
// before the first render.
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// The first screen's chunk loads before the first render, which then paints the page itself.
// Should it fail to load, the router's error page says so. The stored session and the player's
// snapshot are read meanwhile (their schemas load only when something is stored), so the first
// render already knows who is logged in and what was playing; with a session, the screen's data
// and the signed-in frame's parts start loading as soon as it is read.
void Promise.all([
  preloadRoute(window.location.pathname),
  useAuthStore
    .getState()
    .syncFromStorage()
    .then(() => startSignedInFirstScreen(window.location, queryClient)),
  restorePlayer(),
])
  .catch((error: unknown) => console.debug('Could not load the first page', error))
  .finally(() => render(container));
