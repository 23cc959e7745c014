import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';

export const SEED_DISABLED_MESSAGE = 'Seeding test users is disabled on this server.';

/** Why the seed buttons are off, and how the server's operator turns them on. */
export function SeedDisabledNotice() {
  return (
    <Alert severity="info" variant="outlined">
      <AlertTitle>{SEED_DISABLED_MESSAGE}</AlertTitle>
      To enable it, start the server with{' '}
      <Box component="code" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
        ENABLE_SEED_USERS=true
      </Box>{' '}
      (it is on by default under <code>npm run dev</code>). Test users are for development only.
    </Alert>
  );
}
