import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', flex: 1, minHeight: '50vh', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
