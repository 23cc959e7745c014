import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/**
 * An offer the player makes (continue a queue, resume a track): a snackbar at the top, never in
 * the way, that stays until the listener takes it or turns it down.
 */
export function OfferBanner({
  open,
  accept,
  decline,
  children,
}: {
  open: boolean;
  accept: { label: string; onClick: () => void };
  decline: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  return (
    <Snackbar open={open} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        role="status"
        sx={{ alignItems: 'center', width: '100%' }}
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" size="small" variant="outlined" onClick={accept.onClick}>
              {accept.label}
            </Button>
            <Button color="inherit" size="small" onClick={decline.onClick}>
              {decline.label}
            </Button>
          </Stack>
        }
      >
        {children}
      </Alert>
    </Snackbar>
  );
}
