import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef } from 'react';

/**
 * The end of a cursor-paged list: the next page loads as this comes into view, or on the button
 * for those who do not scroll (keyboard, screen readers). Nothing once the list is complete.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const wanted = hasMore && !loading;

  useEffect(() => {
    const element = sentinel.current;
    if (!wanted || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted, onLoadMore]);

  if (!hasMore) return null;
  return (
    <Box ref={sentinel} sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
      {loading ? (
        <CircularProgress size={28} aria-label="Loading more" />
      ) : (
        <Button variant="outlined" color="inherit" onClick={onLoadMore}>
          Load more
        </Button>
      )}
    </Box>
  );
}
