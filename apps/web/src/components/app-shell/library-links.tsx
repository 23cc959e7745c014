import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { Link as RouterLink, useLocation } from 'react-router';
import { isCurrent, LIBRARY_LISTS } from './nav-entries';
import { LIBRARY_LINKS_HEIGHT } from './shell-frame';

/**
 * Your Library on a phone: atop each of its pages, a row of its five lists (Playlists, Albums,
 * Artists, Liked Songs, Recently Played), where the desktop has the sidebar's group. The row
 * scrolls sideways when the screen is too narrow for all five.
 */
export function LibraryLinks() {
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label="Library lists"
      sx={{
        height: LIBRARY_LINKS_HEIGHT,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        overflowX: 'auto',
        scrollbarWidth: 'none',
      }}
    >
      {LIBRARY_LISTS.map((entry) => {
        const current = isCurrent(entry, pathname);
        return (
          <Chip
            key={entry.to}
            component={RouterLink}
            to={entry.to}
            clickable
            label={entry.label}
            aria-current={current ? 'page' : undefined}
            color={current ? 'primary' : 'default'}
            variant={current ? 'filled' : 'outlined'}
            sx={{ flexShrink: 0, fontWeight: 600 }}
          />
        );
      })}
    </Box>
  );
}
