import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { continueQueue, dismissQueueOffer, songsFromCurrent } from '@/lib/player/queue-sync';
import { useQueueOffer } from '@/lib/player/queue-offer';
import { songTitle } from '@/components/song-card';

/**
 * "Continue from <device>": another browser or app saved a queue after this browser's. Never in
 * the way: a snackbar at the top that stays until the listener answers it.
 */
export function ContinueOffer() {
  const offer = useQueueOffer((state) => state.offer);
  const current = offer ? songsFromCurrent(offer)[0] : undefined;
  return (
    <Snackbar open={offer !== null} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        role="status"
        sx={{ alignItems: 'center', width: '100%' }}
        action={
          <Stack direction="row" spacing={1}>
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              onClick={() => offer && continueQueue(offer)}
            >
              Continue
            </Button>
            <Button color="inherit" size="small" onClick={dismissQueueOffer}>
              Dismiss
            </Button>
          </Stack>
        }
      >
        {offer && `Continue from ${offer.changedBy}`}
        {current && ` — ${songTitle(current)}`}
      </Alert>
    </Snackbar>
  );
}
