import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { PageSpinner } from './page-spinner';

export function AppLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
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
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', outline: 'none' }}
      >
        {/* A screen whose chunk is still loading keeps the page its full height: nothing below moves. */}
        <Suspense fallback={<PageSpinner fullHeight />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
