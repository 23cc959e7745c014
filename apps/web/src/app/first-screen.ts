import type { QueryClient } from '@tanstack/react-query';
import { preloadShellFor } from '@/components/app-shell/shell-parts';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { chatWidget } from './root-layout';
import { prepareRoute, preloadRoute } from './router';

interface FirstLocation {
  pathname: string;
  search: string;
}

const isLoggedIn = () => selectIsLoggedIn(useAuthStore.getState());

/**
 * With a stored session, starts the data (and the open part's code) of the signed-in screen at
 * `location` into `queryClient`, so the screen finds it there (router.tsx).
 */
export function prepareSignedInScreen(location: FirstLocation, queryClient: QueryClient): void {
  if (isLoggedIn()) prepareRoute(location, queryClient);
}

/**
 * Loads what the first render needs: the stored session, then the screen's chunk. With a session,
 * what the screen shows at once starts beside that chunk instead of after its first render: its
 * data first (requests queue behind the chunks otherwise: a browser opens only a few connections
 * to a server), then the listener's navigation and the chat's button.
 */
export async function loadFirstScreen(
  location: FirstLocation,
  queryClient: QueryClient,
): Promise<void> {
  await useAuthStore.getState().syncFromStorage();
  prepareSignedInScreen(location, queryClient);
  const page = preloadRoute(location.pathname);
  if (isLoggedIn()) {
    preloadShellFor(location.pathname);
    void chatWidget.preload().catch(() => undefined);
  }
  await page;
}
