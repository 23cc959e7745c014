import ListItemButton from '@mui/material/ListItemButton';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

/**
 * One row of the sidebar: a link that is marked current (aria-current="page", highlighted) on
 * exactly its own page.
 */
export function SidebarLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ListItemButton
      component={NavLink}
      to={to}
      end
      sx={{
        minHeight: 40,
        gap: 1.5,
        px: 1.5,
        py: 0.5,
        borderRadius: 1.5,
        color: 'text.secondary',
        fontSize: '0.875rem',
        fontWeight: 600,
        '&:hover': { color: 'text.primary' },
        '&[aria-current="page"]': { color: 'text.primary', bgcolor: 'action.selected' },
        '& .MuiSvgIcon-root': { fontSize: 22, flexShrink: 0 },
      }}
    >
      {children}
    </ListItemButton>
  );
}
