import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { cardGridColumns } from './song-grid';

/** Rows of a track list while it loads. */
export function TrackListSkeleton({
  rows = 8,
  label = 'Loading songs',
}: {
  rows?: number;
  label?: string;
}) {
  return (
    <Box role="status" aria-label={label} aria-busy>
      {Array.from({ length: rows }, (_, row) => (
        <Box
          key={row}
          sx={{ display: 'flex', alignItems: 'center', gap: 2, height: 56, px: { xs: 0.5, sm: 2 } }}
        >
          <Skeleton variant="text" width={16} sx={{ display: { xs: 'none', sm: 'block' } }} />
          <Skeleton variant="rounded" width={40} height={40} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Skeleton variant="text" width={`${40 + ((row * 17) % 30)}%`} />
            <Skeleton variant="text" width={`${20 + ((row * 11) % 20)}%`} />
          </Box>
          <Skeleton variant="text" width={36} sx={{ display: { xs: 'none', sm: 'block' } }} />
        </Box>
      ))}
    </Box>
  );
}

/** A grid of cards (albums, artists) while it loads. */
export function CardGridSkeleton({
  count = 6,
  round = false,
  label = 'Loading',
}: {
  count?: number;
  round?: boolean;
  label?: string;
}) {
  return (
    <Box
      role="status"
      aria-label={label}
      aria-busy
      sx={{ display: 'grid', gridTemplateColumns: cardGridColumns, gap: { xs: 1.5, sm: 2 } }}
    >
      {Array.from({ length: count }, (_, card) => (
        <Box key={card} sx={{ p: 1.5 }}>
          <Skeleton
            variant={round ? 'circular' : 'rounded'}
            sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1', mb: 1.5 }}
          />
          <Skeleton variant="text" width="70%" />
          <Skeleton variant="text" width="45%" />
        </Box>
      ))}
    </Box>
  );
}
