import type { QueryClient } from '@tanstack/react-query';
import { preloadShellFor } from '@/components/app-shell/shell-parts';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { chatWidget } from './root-layout';
import { prepareRoute } from './router';

/**
 * With a stored session, starts what the first screen will show at once beside its chunk, not
 * after its first render: the screen's data and open part (router.tsx), the listener's
 * navigation and the chat's button. Call it once the stored session has been read.
 */
export function startSignedInFirstScreen(
  location: { pathname: string; search: string },
  queryClient: QueryClient,
): void {
  if (!selectIsLoggedIn(useAuthStore.getState())) return;
  prepareRoute(location, queryClient);
  preloadShellFor(location.pathname);
  void chatWidget.preload().catch(() => undefined);
}
