import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { changePasswordFormSchema, type ChangePasswordForm } from '@cadenza/contract/account';
import { FormProvider, useForm } from 'react-hook-form';
import { useChangePassword } from '@/api/account/change-password';
import { FormCheckbox } from '@/components/form-checkbox';
import { FormTextField } from '@/components/form-text-field';
import { useToast } from '@/components/toast-context';
import { ApiError, errorMessage } from '@/lib/api-client';
import { SettingsCard } from './settings-card';

const FIELDS = ['currentPassword', 'newPassword'] as const;
const EMPTY: ChangePasswordForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  keepAppKeys: false,
};

/**
 * The password, changed with the current one: every other session is signed out, and every app
 * key is revoked unless kept.
 */
export function PasswordSection() {
  const toast = useToast();
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const rootError = form.formState.errors.root?.message;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword, keepAppKeys }) => {
    changePassword.mutate(
      { currentPassword, newPassword, keepAppKeys },
      {
        onSuccess: (answer) => {
          form.reset(EMPTY);
          toast.success(answer.message);
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError ? error.errors : [];
          let shown = false;
          for (const field of FIELDS) {
            const found = fieldErrors.find((e) => e.field === field);
            if (found) {
              form.setError(field, { message: found.message });
              shown = true;
            }
          }
          if (!shown) {
            form.setError('root', {
              message: errorMessage(error, 'Failed to change your password'),
            });
          }
        },
      },
    );
  });

  return (
    <SettingsCard
      title="Password"
      description="Changing your password signs out every other device. Phone apps signed in with an app key are signed out too, unless you keep your app keys."
    >
      {rootError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {rootError}
        </Alert>
      )}
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          aria-label="Change password"
          onSubmit={(event) => void onSubmit(event)}
          sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
        >
          <FormTextField<ChangePasswordForm>
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <FormTextField<ChangePasswordForm>
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
          />
          <FormTextField<ChangePasswordForm>
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
          />
          <FormCheckbox<ChangePasswordForm> name="keepAppKeys" label="Keep my app keys" />
          <Box>
            <Button type="submit" variant="contained" loading={changePassword.isPending}>
              Change password
            </Button>
          </Box>
        </Box>
      </FormProvider>
    </SettingsCard>
  );
}
