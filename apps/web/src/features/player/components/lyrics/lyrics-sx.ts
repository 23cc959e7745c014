import type { SxProps, Theme } from '@mui/material/styles';

/** The lyrics' type, synced or plain: large and bold, to be read from a step away. */
export const lyricsTextSx = {
  fontSize: { xs: '1.3rem', md: '1.45rem' },
  fontWeight: 700,
  lineHeight: 1.35,
  overflowWrap: 'anywhere',
} satisfies SxProps<Theme>;

/** The scrolling box of the lines, fading out at its edges. */
export const lyricsScrollerSx = {
  flex: 1,
  minHeight: 0,
  // Lines are measured from here (use-line-following).
  position: 'relative',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  // The lines scroll under a finger even in the now-playing sheet, which takes every other drag.
  touchAction: 'pan-y',
  scrollBehavior: 'smooth',
  '@media (prefers-reduced-motion: reduce)': { scrollBehavior: 'auto' },
  py: 3,
  maskImage:
    'linear-gradient(to bottom, transparent 0, #000 24px, #000 calc(100% - 24px), transparent 100%)',
} satisfies SxProps<Theme>;
