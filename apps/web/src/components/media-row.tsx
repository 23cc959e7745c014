import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Children, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A titled row of cards that scrolls sideways (by touch, trackpad, or its arrow buttons on
 * wide screens), with a "Show all" link to the full list.
 */
export function MediaRow({
  title,
  showAllHref,
  children,
}: {
  title: string;
  showAllHref?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const start = scroller.scrollLeft <= 1;
    const end = scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 1;
    setEdges((current) =>
      current.start === start && current.end === end ? current : { start, end },
    );
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [measure]);

  const scrollBy = (direction: 1 | -1) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    scroller.scrollBy({ left: direction * scroller.clientWidth * 0.8, behavior: 'smooth' });
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography
          id={headingId}
          variant="h5"
          component="h2"
          sx={{ flex: 1, fontWeight: 700, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}
        >
          {title}
        </Typography>
        {showAllHref && (
          <Link
            href={showAllHref}
            underline="hover"
            sx={{ color: 'text.secondary', fontWeight: 700, fontSize: '0.875rem' }}
          >
            Show all
          </Link>
        )}
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
          <IconButton
            size="small"
            aria-label={`Scroll ${title} back`}
            disabled={edges.start}
            onClick={() => scrollBy(-1)}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Scroll ${title} forward`}
            disabled={edges.end}
            onClick={() => scrollBy(1)}
          >
            <ChevronRightIcon />
          </IconButton>
        </Box>
      </Box>
      <Box
        ref={scrollerRef}
        role="list"
        aria-labelledby={headingId}
        onScroll={measure}
        sx={{
          display: 'grid',
          gridAutoFlow: 'column',
          gridAutoColumns: { xs: '42%', sm: '30%', md: '22%', lg: '18%', xl: '15%' },
          overflowX: 'auto',
          overscrollBehaviorX: 'contain',
          scrollSnapType: 'x mandatory',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          mx: -1.5,
        }}
      >
        {Children.map(children, (child) => (
          <Box role="listitem" sx={{ minWidth: 0, scrollSnapAlign: 'start' }}>
            {child}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
