import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, type ChangePasswordForm } from '@cadenza/contract/account';
import { useForm } from 'react-hook-form';
import { useChangePassword } from '@/api/account/change-password';
import { FormCheckbox } from '@/components/form-checkbox';
import { FormTextField } from '@/components/form-text-field';
import { useToast } from '@/components/toast-context';
import { showServerErrors } from '../show-server-errors';
import { SettingsCard } from './settings-card';
import { SettingsForm } from './settings-form';

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

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword, keepAppKeys }) => {
    changePassword.mutate(
      { currentPassword, newPassword, keepAppKeys },
      {
        onSuccess: (answer) => {
          form.reset(EMPTY);
          toast.success(answer.message);
        },
        onError: (error) => showServerErrors(form, FIELDS, error, 'Failed to change your password'),
      },
    );
  });

  return (
    <SettingsCard
      title="Password"
      description="Changing your password signs out every other device. Phone apps signed in with an app key are signed out too, unless you keep your app keys."
    >
      <SettingsForm
        form={form}
        label="Change password"
        onSubmit={onSubmit}
        submitLabel="Change password"
        submitting={changePassword.isPending}
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
      </SettingsForm>
    </SettingsCard>
  );
}
