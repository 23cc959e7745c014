import { downQuery } from '@/lib/use-media-query';
import { lazyMuiComponent } from '../lazy-mui-component';
import { isLibraryPath, isListenerPath } from './shell-frame';

// The listener's navigation loads only once someone is logged in: never with the landing page.
export const shellSidebar = lazyMuiComponent(() => import('./sidebar').then((m) => m.Sidebar));
export const shellTabBar = lazyMuiComponent(() => import('./tab-bar').then((m) => m.TabBar));
export const shellLibraryLinks = lazyMuiComponent(() =>
  import('./library-links').then((m) => m.LibraryLinks),
);
/** The player of podcast episodes and radio stations, beside the song player. */
export const shellSidePlayer = lazyMuiComponent(() =>
  import('../side-player/side-player-bar').then((m) => m.SidePlayerBar),
);
/** "Share", loaded when a menu first opens it. */
export const shellShareDialog = lazyMuiComponent(() =>
  import('../share-dialog').then((m) => m.ShareDialog),
);

/**
 * Fetches the navigation a signed-in listener's screen at `pathname` shows (the sidebar, or on a
 * phone the tab bar and, on Your Library's pages, the row of its lists, as app-layout.tsx
 * chooses), beside the screen's own chunk instead of after its first render.
 */
export function preloadShellFor(pathname: string): void {
  if (!isListenerPath(pathname)) return;
  const isPhone =
    typeof window.matchMedia === 'function' && window.matchMedia(downQuery('md')).matches;
  void (isPhone ? shellTabBar : shellSidebar).preload().catch(() => undefined);
  if (isPhone && isLibraryPath(pathname)) void shellLibraryLinks.preload().catch(() => undefined);
}
