import './zod-config';
// First, so that the components' own stylesheets (CSS modules) come after it and win.
import '@/styles/base.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { restorePlayer } from '@/lib/player/player-store';
import { startThemeChoice } from '@/lib/theme-choice';
import { AppRoot } from './app-root';
import { loadFirstScreen } from './first-screen';
import { createQueryClient } from './query-client';
import { connectApiToRouter, routes } from './router';

// The stylesheets read the design tokens as custom properties, in the listener's light or dark
// choice: written before anything paints.
startThemeChoice();

const router = createBrowserRouter(routes);
connectApiToRouter(router);
// Made here rather than by the providers: a signed-in first screen's data starts loading into it
// before the first render.
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/**
 * The landing page comes rendered at build time, for a visitor (app/prerender): the app takes
 * that markup over. Anyone else (a stored session, every other page) gets an empty root that the
 * app draws into; an inline script in the page already emptied it when a session is stored.
 */
function render(root: HTMLElement) {
  const app = <AppRoot router={router} queryClient={queryClient} />;
  const prerendered = root.firstElementChild !== null;
  if (prerendered && !selectIsLoggedIn(useAuthStore.getState())) {
    // The page is painted already: taking it over can yield to the browser between components
    // (a transition) instead of holding the main thread for the whole page at once.
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  root.replaceChildren();
  createRoot(root).render(app);
}

// The first screen's chunk loads before the first render, which then paints the page itself.
// Should it fail to load, the router's error page says so. The stored session and the player's
// snapshot are read meanwhile, so the first render already knows who is logged in and what was
// playing; with a session, the screen's data starts loading beside its chunk.
void Promise.all([loadFirstScreen(window.location, queryClient), restorePlayer()])
  .catch((error: unknown) => console.debug('Could not load the first page', error))
  .finally(() => render(container));
