import RadioIcon from '@mui/icons-material/Radio';
import Button from '@mui/material/Button';
import type { RadioSeed } from '@cadenza/contract/radio';
import { useQueueActions } from '@/components/song-actions/use-queue-actions';

/** "Radio": starts an endless station of songs related to the seed. */
export function RadioButton({ seed }: { seed: RadioSeed }) {
  const { startRadio } = useQueueActions();
  return (
    <Button
      variant="outlined"
      color="inherit"
      startIcon={<RadioIcon />}
      onClick={() => startRadio(seed)}
    >
      Radio
    </Button>
  );
}
