import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { changeEmailBodySchema, type ChangeEmailBody } from '@cadenza/contract/account';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useRequestEmailChange } from '@/api/account/change-email';
import { FormTextField } from '@/components/form-text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { SettingsCard } from './settings-card';

const FIELDS = ['email', 'password'] as const;

/** The account's e-mail: a change is confirmed from the new address, and the old one is told. */
export function EmailSection({ email }: { email: string }) {
  const requestChange = useRequestEmailChange();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ChangeEmailBody>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const rootError = form.formState.errors.root?.message;

  const onSubmit = form.handleSubmit((values) => {
    setSent(null);
    requestChange.mutate(values, {
      onSuccess: (message) => {
        form.reset();
        setSent(message);
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? error.errors : [];
        for (const field of FIELDS) {
          const found = fieldErrors.find((e) => e.field === field);
          if (found) form.setError(field, { message: found.message });
        }
        if (!fieldErrors.some((e) => (FIELDS as readonly string[]).includes(e.field))) {
          form.setError('root', { message: errorMessage(error, 'Failed to change your e-mail') });
        }
      },
    });
  });

  return (
    <SettingsCard
      title="E-mail"
      description={
        <>
          Your e-mail is <strong>{email}</strong>. It is also the user name your phone apps sign in
          with. A new address takes effect once you open the link we send to it.
        </>
      }
    >
      {sent && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {sent}
        </Alert>
      )}
      {rootError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {rootError}
        </Alert>
      )}
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          aria-label="Change e-mail"
          onSubmit={(event) => void onSubmit(event)}
          sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
        >
          <FormTextField<ChangeEmailBody>
            name="email"
            label="New e-mail"
            type="email"
            autoComplete="email"
          />
          <FormTextField<ChangeEmailBody>
            name="password"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <Box>
            <Button type="submit" variant="contained" loading={requestChange.isPending}>
              Send confirmation link
            </Button>
          </Box>
        </Box>
      </FormProvider>
    </SettingsCard>
  );
}
