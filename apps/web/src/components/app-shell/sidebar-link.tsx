import ListItemButton from '@mui/material/ListItemButton';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';

const linkSx: SxProps<Theme> = {
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
};

/**
 * One row of the sidebar: a link that is marked current (aria-current="page", highlighted) on
 * exactly its own page, or, when `current` is given, when that says so (a link whose query
 * string opens a tab shares its path with others).
 */
export function SidebarLink({
  to,
  current,
  children,
}: {
  to: string;
  current?: boolean;
  children: ReactNode;
}) {
  if (current === undefined) {
    return (
      <ListItemButton component={NavLink} to={to} end sx={linkSx}>
        {children}
      </ListItemButton>
    );
  }
  return (
    <ListItemButton
      component={Link}
      to={to}
      aria-current={current ? 'page' : undefined}
      sx={linkSx}
    >
      {children}
    </ListItemButton>
  );
}
