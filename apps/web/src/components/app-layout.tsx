import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PLAYER_OFFSET_VARIABLE } from '@/lib/bottom-bars';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { isListenerPath, SIDEBAR_WIDTH } from './app-shell/shell-frame';
import { shellSidebar, shellTabBar } from './app-shell/shell-parts';
import { Footer } from './footer';
import { Header } from './header';
import { PageSpinner } from './page-spinner';

/**
 * The header, the page and the footer; on a logged-in listener's screens also the sidebar beside
 * the page (md and up) or the tab bar at the bottom (phones). The page is padded by whatever is
 * fixed at the bottom (lib/bottom-bars), so nothing hides under it.
 */
export function AppLayout() {
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const { pathname } = useLocation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const framed = isLoggedIn && isListenerPath(pathname);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        pb: `var(${PLAYER_OFFSET_VARIABLE}, 0px)`,
      }}
    >
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      <Header />
      <Box sx={{ flex: 1, display: 'flex', minWidth: 0 }}>
        {framed && !isPhone && (
          <Suspense fallback={<Box sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }} />}>
            <shellSidebar.Component />
          </Suspense>
        )}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', outline: 'none' }}
        >
          {/* A screen whose chunk is still loading keeps the page its full height: nothing below moves. */}
          <Suspense fallback={<PageSpinner fullHeight />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <Footer />
      {framed && isPhone && (
        <Suspense fallback={null}>
          <shellTabBar.Component />
        </Suspense>
      )}
      <ScrollRestoration />
    </Box>
  );
}
