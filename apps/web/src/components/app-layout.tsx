import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PLAYER_OFFSET_VARIABLE } from '@/lib/bottom-bars';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { downQuery, useMediaQuery } from '@/lib/use-media-query';
import { isListenerPath, SIDEBAR_WIDTH } from './app-shell/shell-frame';
import { shellSidebar, shellTabBar } from './app-shell/shell-parts';
import styles from './app-layout.module.css';
import { Footer } from './footer';
import { Header } from './header';
import { PageSpinner } from './page-spinner';

/**
 * The header, the page and the footer; on a logged-in listener's screens also the sidebar beside
 * the page (md and up) or the tab bar at the bottom (phones). The page is padded by whatever is
 * fixed at the bottom (lib/bottom-bars), so nothing hides under it. Plain CSS: every page
 * paints its frame without MUI, which loads with the screens that use it.
 */
export function AppLayout() {
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const { pathname } = useLocation();
  const isPhone = useMediaQuery(downQuery('md'));
  const framed = isLoggedIn && isListenerPath(pathname);

  return (
    <div className={styles.layout} style={{ paddingBottom: `var(${PLAYER_OFFSET_VARIABLE}, 0px)` }}>
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
      <ScrollRestoration />
    </div>
  );
}
