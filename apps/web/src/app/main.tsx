import './zod-config';
// First, so that the components' own stylesheets (CSS modules) come after it and win.
import '@/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { applyDesignTokens } from '@/lib/design-tokens';
import { restorePlayer } from '@/lib/player/player-store';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { connectApiToRouter, routes } from './router';
import { loadFirstScreen } from './first-screen';

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
// snapshot are read meanwhile, so the first render already knows who is logged in and what was
// playing; with a session, the screen's data starts loading beside its chunk.
void Promise.all([loadFirstScreen(window.location, queryClient), restorePlayer()])
  .catch((error: unknown) => console.debug('Could not load the first page', error))
  .finally(() => render(container));
