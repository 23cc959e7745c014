import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The dashboard's spinner while a tab's songs (or its code) load. */
export function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
