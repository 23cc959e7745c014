import CloseIcon from '@mui/icons-material/Close';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { dashboardPathFor, selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { capitalize } from '@/lib/format';
import { useLogout } from '@/api/auth/logout';
import { Brand } from './brand';

/** SPEC.md §2: the header builds its links from these lower-case names. */
const NAV_NAMES = ['home', 'discover'] as const;

const navItems = NAV_NAMES.map((name) => ({
  label: capitalize(name),
  to: name === 'home' ? '/' : `/${name}`,
}));

/**
 * Dashboard and Logout for a logged-in visitor, else Sign up: the same in the bar and in the
 * drawer, where following a link also closes the drawer (`onNavigate`).
 */
function AccountActions({
  isLoggedIn,
  dashboardPath,
  onLogout,
  onNavigate,
}: {
  isLoggedIn: boolean;
  dashboardPath: string;
  onLogout: () => void;
  onNavigate?: () => void;
}) {
  if (!isLoggedIn)
    return (
      <Button href="/signup" onClick={onNavigate} variant="contained">
        Sign up
      </Button>
    );
  return (
    <>
      <Button
        href={dashboardPath}
        onClick={onNavigate}
        variant="contained"
        startIcon={<DashboardIcon />}
      >
        Dashboard
      </Button>
      <Button onClick={onLogout} variant="outlined" color="inherit" startIcon={<LogoutIcon />}>
        Logout
      </Button>
    </>
  );
}

export function Header() {
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const user = useAuthStore((state) => state.user);
  const logout = useLogout();
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const dashboardPath = dashboardPathFor(user);

  const handleLogout = () => {
    setDrawerOpen(false);
    void logout();
  };
  const closeDrawer = () => setDrawerOpen(false);

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
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </IconButton>
        )}
      </Toolbar>

      <Drawer
        anchor="right"
        open={isSmall && drawerOpen}
        onClose={closeDrawer}
        slotProps={{ paper: { id: 'main-menu-drawer', 'aria-label': 'Menu', sx: { width: 280 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
          <Brand onClick={closeDrawer} />
          <IconButton aria-label="Close menu" onClick={closeDrawer}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <Box component="nav" aria-label="Main">
          <List>
            {navItems.map((item) => (
              <ListItem key={item.to} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={item.to}
                  end
                  onClick={closeDrawer}
                  sx={{ '&.active': { bgcolor: 'action.selected' } }}
                >
                  <ListItemText primary={item.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
        <Divider />
        <Stack spacing={1.5} sx={{ p: 2 }}>
          <AccountActions
            isLoggedIn={isLoggedIn}
            dashboardPath={dashboardPath}
            onLogout={handleLogout}
            onNavigate={closeDrawer}
          />
        </Stack>
      </Drawer>
    </AppBar>
  );
}
