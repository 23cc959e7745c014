import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import {
  createApiKeyBodySchema,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@cadenza/contract/api-keys';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { useCreateApiKey } from '@/api/api-keys/create-api-key';
import { ApiError, errorMessage } from '@/lib/api-client';
import { ReauthenticateDialog } from '../reauthenticate-dialog';
import { NewApiKeyDetails } from './new-api-key-details';

/**
 * 'New app key': a name for the app or device, then, once made, the key itself (this once) with
 * what to type into the app.
 */
export function CreateApiKeyDialog({
  open,
  email,
  onClose,
}: {
  open: boolean;
  /** The account's e-mail: the user name an app signs in with. */
  email: string;
  onClose: () => void;
}) {
  const createKey = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  // The key asked for while the server wants the password again: made once it is given.
  const [awaitingPassword, setAwaitingPassword] = useState<CreateApiKeyBody | null>(null);
  const form = useForm<CreateApiKeyBody>({
    resolver: zodResolver(createApiKeyBodySchema),
    defaultValues: { name: '' },
  });
  const rootError = form.formState.errors.root?.message;

  const close = () => {
    form.reset();
    createKey.reset();
    onClose();
  };

  const create = (values: CreateApiKeyBody) => {
    createKey.mutate(values, {
      onSuccess: (key) => {
        form.reset();
        setCreated(key);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'reauthentication_required') {
          setAwaitingPassword(values);
          return;
        }
        const nameError = error instanceof ApiError && error.errors.find((e) => e.field === 'name');
        if (nameError) form.setError('name', { message: nameError.message });
        else form.setError('root', { message: errorMessage(error, 'Failed to create the key') });
      },
    });
  };

  const onSubmit = form.handleSubmit(create);

  const confirmed = () => {
    const values = awaitingPassword;
    setAwaitingPassword(null);
    if (values) create(values);
  };

  if (created) {
    return (
      <Dialog
        open={open}
        // The key is gone once this closes: a stray click beside it must not close it.
        onClose={(_, reason) => {
          if (reason !== 'backdropClick') close();
        }}
        maxWidth="sm"
        fullWidth
        aria-labelledby="new-api-key-title"
        slotProps={{ transition: { onExited: () => setCreated(null) } }}
      >
        <NewApiKeyDetails
          titleId="new-api-key-title"
          apiKey={created}
          email={email}
          onDone={close}
        />
      </Dialog>
    );
  }

  return (
    <FormProvider {...form}>
      <ReauthenticateDialog
        open={open && awaitingPassword !== null}
        onConfirmed={confirmed}
        onClose={() => setAwaitingPassword(null)}
      />
      <FormDialog
        open={open}
        title="New app key"
        maxWidth="xs"
        pending={createKey.isPending}
        submitLabel="Create key"
        onSubmit={(event) => void onSubmit(event)}
        onClose={close}
      >
        {rootError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {rootError}
          </Alert>
        )}
        <FormTextField<CreateApiKeyBody>
          name="name"
          label="Name"
          helperText="The app or device that will use the key, e.g. Symfonium on my phone"
          autoComplete="off"
          autoFocus
          fullWidth
          margin="dense"
        />
      </FormDialog>
    </FormProvider>
  );
}
