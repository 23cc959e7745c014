import type { ResetPasswordForm } from '@cadenza/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { dashboardPathFor } from '@/lib/auth-store';
import { temporarySession } from '@/lib/temporary-session';
import { useSetInitialPassword } from '@/api/auth/initial-password';
import { authFormResolver } from './auth-form-resolver';
import { AuthAlert } from './components/auth-alert';
import { AuthCard } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { AuthActionLink, AuthSubmitButton } from './components/auth-form-actions';
import { FormError } from './components/form-error';
import { NewPasswordFields } from './components/new-password-fields';

export const CHANGE_PASSWORD_FAILED = 'Failed to change your password. Please log in again.';
export const NO_TEMPORARY_SESSION =
  'Log in with the temporary password you were given to choose your own.';

const resolver = authFormResolver<ResetPasswordForm>(
  (contract) => contract.resetPasswordFormSchema,
);

/**
 * After a first login with a temporary password (set by an administrator): the account can do
 * nothing else until its owner chooses a password.
 */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [token] = useState(() => temporarySession.token());
  const setPassword = useSetInitialPassword();
  const form = useForm<ResetPasswordForm>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });

  if (!token) {
    return (
      <AuthCard title="Choose your password" icon="lockReset">
        <AuthAlert severity="error" spaceBelow={3}>
          {NO_TEMPORARY_SESSION}
        </AuthAlert>
        <AuthActionLink to="/login">Go to Login</AuthActionLink>
      </AuthCard>
    );
  }

  const handleSubmit = form.handleSubmit(({ password }) =>
    setPassword.mutate(
      { token, password },
      {
        onSuccess: ({ user }) => {
          temporarySession.clear();
          void navigate(dashboardPathFor(user), { replace: true });
        },
      },
    ),
  );

  return (
    <AuthCard
      title="Choose your password"
      subtitle="Your password was set by an administrator. Choose your own to continue."
      icon="lockReset"
    >
      <AuthForm form={form} label="Choose your password" onSubmit={handleSubmit}>
        <FormError
          message={
            setPassword.isError ? errorMessage(setPassword.error, CHANGE_PASSWORD_FAILED) : null
          }
        />
        <NewPasswordFields />
        <AuthSubmitButton loading={setPassword.isPending} spaceAbove={3}>
          Save Password
        </AuthSubmitButton>
      </AuthForm>
    </AuthCard>
  );
}
