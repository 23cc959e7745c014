import type { Theme } from '@mui/material/styles';

/** Where a bar fixed at the bottom of the window sits: full width, just above the app bar. */
export const BOTTOM_BAR_PLACEMENT = {
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: (theme: Theme) => theme.zIndex.appBar + 1,
} as const;
