import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import {
  clampSeedCount,
  DEFAULT_SEED_USERS,
  MAX_SEED_USERS,
  MIN_SEED_USERS,
} from '@cadenza/contract/seed';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { useSeedUsers } from '@/api/admin/seed-users';

/** 'Seed Test Users': how many accounts to create, clamped to 1..100 (docs/product.md §5). */
export function SeedUsersDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const seedUsers = useSeedUsers();
  const [count, setCount] = useState(String(DEFAULT_SEED_USERS));
  const [error, setError] = useState<string | null>(null);

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
    <FormDialog
      open
      title="Seed Test Users"
      maxWidth="xs"
      formLabel="Seed Test Users"
      pending={seedUsers.isPending}
      submitLabel="Seed Users"
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2.5 }}>
        Creates listener accounts with random names and e-mail addresses, for trying the app out.
        Each gets its own random password.
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
    </FormDialog>
  );
}
