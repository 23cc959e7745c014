import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { upQuery, useMediaQuery } from '@/lib/use-media-query';
import { cardGridColumnCount, cardGridColumns, ROWS_IN_VIEW } from './card-grid-layout';
import type { CoverLoad } from './cover-image';

export { cardGridColumns } from './card-grid-layout';

/** How many cards one row of the grid holds at the current width (as `cardGridColumns`). */
function useCardGridColumnCount(): number {
  const matching: Record<string, boolean> = {
    [upQuery('sm')]: useMediaQuery(upQuery('sm')),
    [upQuery('md')]: useMediaQuery(upQuery('md')),
    [upQuery('lg')]: useMediaQuery(upQuery('lg')),
    [upQuery('xl')]: useMediaQuery(upQuery('xl')),
  };
  return cardGridColumnCount((query) => matching[query] ?? false);
}

const LAZY: CoverLoad = {};
const EAGER: CoverLoad = { eager: true };
const PRIORITY: CoverLoad = { priority: true };

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
