import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PLAYER_OFFSET_VARIABLE } from '@/lib/bottom-bars';
import { QUEUE_PANEL_WIDTH_VARIABLE } from '@/lib/player/queue-view';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { downQuery, useMediaQuery } from '@/lib/use-media-query';
import {
  isLibraryPath,
  isListenerPath,
  LIBRARY_LINKS_HEIGHT,
  SIDEBAR_WIDTH,
} from './app-shell/shell-frame';
import {
  shellLibraryLinks,
  shellShareDialog,
  shellSidePlayer,
  shellSidebar,
  shellTabBar,
} from './app-shell/shell-parts';
import styles from './app-layout.module.css';
import { Footer } from './footer';
import { Header } from './header';
import { PageSpinner } from './page-spinner';

/**
 * The header, the page and the footer; on a logged-in listener's screens also the sidebar beside
 * the page (md and up) or the tab bar at the bottom (phones), and on a phone's Your Library
 * pages the row of its lists atop the page. The page is padded by whatever is fixed at the
 * bottom (lib/bottom-bars) and, on the right, by the open queue panel, so nothing hides under
 * them. Plain CSS: every page
 * paints its frame without MUI, which loads with the screens that use it.
 */
export function AppLayout() {
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const { pathname } = useLocation();
  const isPhone = useMediaQuery(downQuery('md'));
  const framed = isLoggedIn && isListenerPath(pathname);

  return (
    <div
      className={styles.layout}
      style={{
        paddingBottom: `var(${PLAYER_OFFSET_VARIABLE}, 0px)`,
        paddingRight: `var(${QUEUE_PANEL_WIDTH_VARIABLE}, 0px)`,
      }}
    >
      <a href="#main-content" className={styles.skip}>
        Skip to content
      </a>
      <Header />
      <div className={styles.row}>
        {framed && !isPhone && (
          <Suspense fallback={<div style={{ width: SIDEBAR_WIDTH, flexShrink: 0 }} />}>
            <shellSidebar.Component />
          </Suspense>
        )}
        <main id="main-content" tabIndex={-1} className={styles.main}>
          {framed && isPhone && isLibraryPath(pathname) && (
            <Suspense fallback={<div style={{ height: LIBRARY_LINKS_HEIGHT, flexShrink: 0 }} />}>
              <shellLibraryLinks.Component />
            </Suspense>
          )}
          {/* A screen whose chunk is still loading keeps the page its full height: nothing below moves. */}
          <Suspense fallback={<PageSpinner fullHeight />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Footer />
      {framed && isPhone && (
        <Suspense fallback={null}>
          <shellTabBar.Component />
        </Suspense>
      )}
      {/* Its own chunk, for signed-in screens only: it opens when a menu asks it to. */}
      {isLoggedIn && (
        <Suspense fallback={null}>
          <shellShareDialog.Component />
        </Suspense>
      )}
      {isLoggedIn && (
        <Suspense fallback={null}>
          <shellSidePlayer.Component />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
