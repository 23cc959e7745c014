import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { NavLink } from 'react-router';
import { dashboardPathFor, selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { capitalize } from '@/lib/format';
import { lazyComponent } from '@/lib/lazy-component';
import { useLogout } from '@/api/auth/logout';
import { AccountActions } from './account-actions';
import { Brand } from './brand';

/** The drawer is not needed to paint a page: its code loads when the menu button is approached. */
export const menuDrawer = lazyComponent(() =>
  import('./header-menu-drawer').then((m) => m.HeaderMenuDrawer),
);

// Pointing at or tabbing to the menu button fetches the drawer's code, mostly before the click.
const preloadDrawer = () => void menuDrawer.preload().catch(() => undefined);

/** SPEC.md §2: the header builds its links from these lower-case names. */
const NAV_NAMES = ['home', 'discover'] as const;

const navItems = NAV_NAMES.map((name) => ({
  label: capitalize(name),
  to: name === 'home' ? '/' : `/${name}`,
}));

export function Header() {
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const user = useAuthStore((state) => state.user);
  const logout = useLogout();
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerEverOpened, setDrawerEverOpened] = useState(false);
  const dashboardPath = dashboardPathFor(user);

  const handleLogout = () => {
    setDrawerOpen(false);
    void logout();
  };
  const closeDrawer = () => setDrawerOpen(false);
  const openDrawer = () => {
    setDrawerEverOpened(true);
    setDrawerOpen(true);
  };

  return (
    <AppBar position="sticky" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 2, minHeight: { xs: 60, md: 68 } }}>
        <Brand />

        {!isSmall && (
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5, ml: 3 }}>
            {navItems.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                end
                color="inherit"
                sx={{
                  color: 'text.secondary',
                  '&.active': { color: 'text.primary', bgcolor: 'action.selected' },
                }}
              >
                {item.label}
              </Button>
            ))}
          </Box>
        )}

        <Box sx={{ flexGrow: 1 }} />

        {!isSmall && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <AccountActions
              isLoggedIn={isLoggedIn}
              dashboardPath={dashboardPath}
              onLogout={handleLogout}
            />
          </Stack>
        )}

        {isSmall && (
          <IconButton
            edge="end"
            color="inherit"
            aria-label="Open menu"
            aria-controls={drawerOpen ? 'main-menu-drawer' : undefined}
            aria-expanded={drawerOpen}
            onClick={openDrawer}
            onPointerEnter={preloadDrawer}
            onFocus={preloadDrawer}
          >
            <MenuIcon />
          </IconButton>
        )}
      </Toolbar>

      {drawerEverOpened && (
        <Suspense fallback={null}>
          <menuDrawer.Component
            open={isSmall && drawerOpen}
            navItems={navItems}
            isLoggedIn={isLoggedIn}
            dashboardPath={dashboardPath}
            onLogout={handleLogout}
            closeDrawer={closeDrawer}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
