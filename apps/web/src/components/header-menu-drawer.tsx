import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { NavLink } from 'react-router';
import { AccountActions } from './account-actions';
import { Brand } from './brand';

export interface NavItem {
  label: string;
  to: string;
}

/** The header's menu on small screens: its own chunk, loaded when the menu button is approached. */
export function HeaderMenuDrawer({
  open,
  navItems,
  isLoggedIn,
  dashboardPath,
  onLogout,
  closeDrawer,
}: {
  open: boolean;
  navItems: readonly NavItem[];
  isLoggedIn: boolean;
  dashboardPath: string;
  onLogout: () => void;
  closeDrawer: () => void;
}) {
  return (
    <Drawer
      anchor="right"
      open={open}
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
          onLogout={onLogout}
          onNavigate={closeDrawer}
        />
      </Stack>
    </Drawer>
  );
}
