import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  clampSeedCount,
  DEFAULT_SEED_USERS,
  MAX_SEED_USERS,
  MIN_SEED_USERS,
} from '@cadenza/contract/seed';
import { useState, type FormEvent } from 'react';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { useSeedUsers } from '@/api/admin/seed-users';

/** 'Seed Test Users': how many accounts to create, clamped to 1..100 (SPEC.md §5). */
export function SeedUsersDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const seedUsers = useSeedUsers();
  const [count, setCount] = useState(String(DEFAULT_SEED_USERS));
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (!seedUsers.isPending) onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const clamped = clampSeedCount(count);
    setCount(String(clamped));
    setError(null);
    seedUsers.mutate(clamped, {
      onSuccess: (answer) => {
        const created = answer.data.count;
        toast.success(`Successfully seeded ${created} test ${created === 1 ? 'user' : 'users'}`);
        onClose();
      },
      onError: (failure) => setError(errorMessage(failure, 'Failed to seed users')),
    });
  };

  return (
    <Dialog open onClose={close} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Seed Test Users">
        <DialogTitle>Seed Test Users</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2.5 }}>
            Creates listener accounts with random names and e-mail addresses, for trying the app
            out. Each gets its own random password.
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            label="Number of users"
            type="number"
            autoFocus
            value={count}
            onChange={(event) => setCount(event.target.value)}
            onBlur={() => setCount(String(clampSeedCount(count)))}
            helperText="Maximum 100 users at once"
            disabled={seedUsers.isPending}
            slotProps={{ htmlInput: { min: MIN_SEED_USERS, max: MAX_SEED_USERS, step: 1 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} color="inherit" disabled={seedUsers.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={seedUsers.isPending}
            startIcon={
              seedUsers.isPending ? <CircularProgress size={16} color="inherit" /> : undefined
            }
          >
            Seed Users
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
