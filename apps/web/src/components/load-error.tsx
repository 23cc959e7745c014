import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** What a page shows when its data failed to load: never an empty state, always a way to retry. */
export function LoadError({
  message = 'Something went wrong while loading this page.',
  onRetry,
  retrying = false,
}: {
  message?: string;
  /** Loads again, e.g. a query's `refetch`. */
  onRetry: () => unknown;
  retrying?: boolean;
}) {
  return (
    <Stack
      role="alert"
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, sm: 10 }, px: 2 }}
    >
      <ErrorOutlineIcon sx={{ fontSize: 48, color: 'text.secondary' }} />
      <Typography variant="h6" component="p">
        {message}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Check your connection and try again.
      </Typography>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<RefreshIcon />}
        disabled={retrying}
        onClick={() => void onRetry()}
      >
        Retry
      </Button>
    </Stack>
  );
}
