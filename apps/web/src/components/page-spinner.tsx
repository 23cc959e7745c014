import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** `fullHeight` fills the viewport, for a screen still loading: the footer stays out of view. */
export function PageSpinner({
  label = 'Loading',
  fullHeight = false,
}: {
  label?: string;
  fullHeight?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        flex: 1,
        minHeight: fullHeight ? '100vh' : '50vh',
        py: 8,
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
