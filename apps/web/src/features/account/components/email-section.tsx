import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { changeEmailBodySchema, type ChangeEmailBody } from '@cadenza/contract/account';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRequestEmailChange } from '@/api/account/change-email';
import { FormTextField } from '@/components/form-text-field';
import { showServerErrors } from '../show-server-errors';
import { SettingsCard } from './settings-card';
import { SettingsForm } from './settings-form';

const FIELDS = ['email', 'password'] as const;

/** The account's e-mail: a change is confirmed from the new address, and the old one is told. */
export function EmailSection({ email }: { email: string }) {
  const requestChange = useRequestEmailChange();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ChangeEmailBody>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setSent(null);
    requestChange.mutate(values, {
      onSuccess: (message) => {
        form.reset();
        setSent(message);
      },
      onError: (error) => showServerErrors(form, FIELDS, error, 'Failed to change your e-mail'),
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
      <SettingsForm
        form={form}
        label="Change e-mail"
        onSubmit={onSubmit}
        submitLabel="Send confirmation link"
        submitting={requestChange.isPending}
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
      </SettingsForm>
    </SettingsCard>
  );
}
