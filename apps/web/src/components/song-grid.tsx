import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { upQuery, useMediaQuery } from '@/lib/use-media-query';
import type { CoverLoad } from './cover-image';

/** The responsive grid cards sit in: two columns on a phone, up to six on a wide screen. */
export const cardGridColumns = {
  xs: 'repeat(2, minmax(0, 1fr))',
  sm: 'repeat(3, minmax(0, 1fr))',
  md: 'repeat(4, minmax(0, 1fr))',
  lg: 'repeat(5, minmax(0, 1fr))',
  xl: 'repeat(6, minmax(0, 1fr))',
};

/** How many cards one row of the grid holds at the current width (as `cardGridColumns`). */
function useCardGridColumnCount(): number {
  const sm = useMediaQuery(upQuery('sm'));
  const md = useMediaQuery(upQuery('md'));
  const lg = useMediaQuery(upQuery('lg'));
  const xl = useMediaQuery(upQuery('xl'));
  if (xl) return 6;
  if (lg) return 5;
  if (md) return 4;
  if (sm) return 3;
  return 2;
}

const LAZY: CoverLoad = {};
const EAGER: CoverLoad = { eager: true };
const PRIORITY: CoverLoad = { priority: true };

/**
 * Rows of the first grid of a page that are in view when it opens: two (a phone shows two rows of
 * two cards below the page's title; a wide screen two rows of six).
 */
const ROWS_IN_VIEW = 2;

/**
 * For the first grid of a page: how the cover of its card at an index loads. The rows in view
 * when the page opens load their covers at once (any of them may be the page's largest paint:
 * the one whose picture is largest), the first before anything else; the rest wait until
 * scrolled near. The answers are the same objects every time, so memoised cards do not
 * re-render for them.
 */
export function useInViewCoverLoad(): (index: number) => CoverLoad {
  const columns = useCardGridColumnCount();
  return (index) => (index === 0 ? PRIORITY : index < ROWS_IN_VIEW * columns ? EAGER : LAZY);
}

export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box
      role="list"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: cardGridColumns,
        gap: { xs: 1.5, sm: 2 },
        '& > *': { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}

export function CardGridItem({ children }: { children: ReactNode }) {
  return <Box role="listitem">{children}</Box>;
}
