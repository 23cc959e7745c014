import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** The list of keys while it loads. */
export function ApiKeyListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Box
      role="status"
      aria-label="Loading your app keys"
      aria-busy
      sx={{ border: 1, borderColor: 'divider', borderRadius: 3 }}
    >
      {Array.from({ length: rows }, (_, row) => (
        <Box key={row} sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5 }}>
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" width={`${35 + ((row * 13) % 25)}%`} />
            <Skeleton variant="text" width="45%" />
          </Box>
          <Skeleton variant="rounded" width={72} height={30} />
        </Box>
      ))}
    </Box>
  );
}
