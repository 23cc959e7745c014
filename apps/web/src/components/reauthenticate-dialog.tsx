import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { reauthenticateBodySchema, type ReauthenticateBody } from '@cadenza/contract/account';
import { FormProvider, useForm } from 'react-hook-form';
import { useReauthenticate } from '@/api/account/reauthenticate';
import { ApiError, errorMessage } from '@/lib/api-client';
import { FormDialog } from './form-dialog';
import { FormTextField } from './form-text-field';

/**
 * "Confirm it's you": the password again, for an action the server allows only shortly after a
 * sign-in (creating an app key). `onConfirmed` runs once the server accepted it.
 */
export function ReauthenticateDialog({
  open,
  onConfirmed,
  onClose,
}: {
  open: boolean;
  onConfirmed: () => void;
  onClose: () => void;
}) {
  const confirm = useReauthenticate();
  const form = useForm<ReauthenticateBody>({
    resolver: zodResolver(reauthenticateBodySchema),
    defaultValues: { password: '' },
  });
  const rootError = form.formState.errors.root?.message;

  const close = () => {
    form.reset();
    confirm.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    confirm.mutate(values, {
      onSuccess: () => {
        form.reset();
        onConfirmed();
      },
      onError: (error) => {
        const field = error instanceof ApiError && error.errors.find((e) => e.field === 'password');
        if (field) form.setError('password', { message: field.message });
        else
          form.setError('root', { message: errorMessage(error, 'Could not check the password') });
      },
    });
  });

  return (
    <FormProvider {...form}>
      <FormDialog
        open={open}
        title="Confirm it's you"
        maxWidth="xs"
        pending={confirm.isPending}
        submitLabel="Confirm"
        onSubmit={(event) => void onSubmit(event)}
        onClose={close}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          You signed in a while ago. Enter your password again to go on.
        </Typography>
        {rootError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {rootError}
          </Alert>
        )}
        <FormTextField<ReauthenticateBody>
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          fullWidth
          margin="dense"
        />
      </FormDialog>
    </FormProvider>
  );
}
