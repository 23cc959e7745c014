import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Role } from '@cadenza/contract/auth';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast-context';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCreateUser } from '@/api/admin/account-actions';

/**
 * 'Add User': an account with a temporary password the administrator passes on; its owner
 * chooses their own at first login.
 */
export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const createUser = useCreateUser();
  const [values, setValues] = useState({ name: '', email: '', password: '', role: 'user' as Role });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    createUser.mutate(values, {
      onSuccess: (user) => {
        toast.success(`${user.name} can now log in with the temporary password`);
        onClose();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.errors.length > 0) {
          setFieldErrors(
            Object.fromEntries(failure.errors.map((item) => [item.field, item.message])),
          );
        }
        setError(errorMessage(failure, 'Failed to create user'));
      },
    });
  };

  return (
    <FormDialog
      open
      title="Add User"
      maxWidth="xs"
      formLabel="Add User"
      pending={createUser.isPending}
      submitLabel="Create User"
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2.5 }}>
        Give the new member this temporary password: they choose their own when they first log in.
      </DialogContentText>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        <TextField
          label="Name"
          value={values.name}
          onChange={set('name')}
          error={Boolean(fieldErrors.name)}
          helperText={fieldErrors.name}
          required
        />
        <TextField
          label="Email"
          type="email"
          value={values.email}
          onChange={set('email')}
          error={Boolean(fieldErrors.email)}
          helperText={fieldErrors.email}
          required
        />
        <TextField
          label="Temporary password"
          value={values.password}
          onChange={set('password')}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password}
          autoComplete="off"
          required
        />
        <TextField select label="Role" value={values.role} onChange={set('role')}>
          <MenuItem value="user">User</MenuItem>
          <MenuItem value="admin">Admin</MenuItem>
        </TextField>
      </Stack>
    </FormDialog>
  );
}
