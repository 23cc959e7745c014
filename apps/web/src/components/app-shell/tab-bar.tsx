import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import { useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useBottomBarHeight } from '@/lib/bottom-bars';
import { BOTTOM_BAR_PLACEMENT } from './bottom-bar-placement';
import { isCurrent, TAB_ENTRIES } from './nav-entries';

/** The height of the tabs themselves, above the phone's safe area. */
export const TAB_BAR_HEIGHT = 56;

/** The listener's tabs fixed at the bottom of a phone's screen. */
export function TabBar() {
  const ref = useRef<HTMLElement>(null);
  useBottomBarHeight('tabBar', ref);
  const { pathname } = useLocation();

  return (
    <Box
      ref={ref}
      component="nav"
      aria-label="Tabs"
      sx={{
        ...BOTTOM_BAR_PLACEMENT,
        display: 'grid',
        gridTemplateColumns: `repeat(${TAB_ENTRIES.length}, minmax(0, 1fr))`,
        pb: 'env(safe-area-inset-bottom)',
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: (theme) => alpha(theme.palette.background.default, 0.94),
        backdropFilter: 'blur(16px)',
      }}
    >
      {TAB_ENTRIES.map((entry) => {
        const current = isCurrent(entry, pathname);
        const { Icon } = entry;
        return (
          <ButtonBase
            key={entry.to}
            component={RouterLink}
            to={entry.to}
            aria-current={current ? 'page' : undefined}
            sx={{
              height: TAB_BAR_HEIGHT,
              flexDirection: 'column',
              gap: 0.25,
              fontSize: '0.6875rem',
              fontWeight: 600,
              color: current ? 'text.primary' : 'text.secondary',
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -4 },
            }}
          >
            <Icon aria-hidden sx={{ fontSize: 24, color: current ? 'primary.light' : 'inherit' }} />
            {entry.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
