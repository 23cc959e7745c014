import type { ResetPasswordForm } from '@cadenza/contract/auth';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useResetPassword } from '@/api/auth/reset-password';
import { usePublicConfig } from '@/api/config/get-public-config';
import { authFormResolver } from './auth-form-resolver';
import { AuthAlert } from './components/auth-alert';
import { AuthCard } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { AuthActionLink, AuthFormFooter, AuthSubmitButton } from './components/auth-form-actions';
import { FormError } from './components/form-error';
import { NewPasswordFields } from './components/new-password-fields';

export const RESET_PASSWORD_FAILED =
  'Failed to reset password. The reset link may be invalid or expired.';
export const PASSWORD_RESET_DONE = 'Your password has been successfully reset.';

export function ResetPasswordPage() {
  const { resetToken = '' } = useParams<{ resetToken: string }>();
  // The server's minimum password length (PASSWORD_MIN_LENGTH); 6 until its answer is known.
  const { passwordMinLength } = usePublicConfig().config;
  const resolver = useMemo(
    () =>
      authFormResolver<ResetPasswordForm>((contract) =>
        contract.resetPasswordFormSchemaFor(passwordMinLength),
      ),
    [passwordMinLength],
  );
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordForm>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });

  const handleSubmit = form.handleSubmit(({ password }) =>
    resetPassword.mutate({ resetToken, password }),
  );

  if (resetPassword.isSuccess) {
    return (
      <AuthCard title="Password reset" icon="checkCircle">
        <AuthAlert severity="success" spaceBelow={3}>
          {PASSWORD_RESET_DONE}
        </AuthAlert>
        <AuthActionLink to="/login">Login with New Password</AuthActionLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle={`Choose a new password of at least ${passwordMinLength} characters.`}
      icon="lockReset"
    >
      <AuthForm form={form} label="Reset password" onSubmit={handleSubmit}>
        <FormError
          message={
            resetPassword.isError ? errorMessage(resetPassword.error, RESET_PASSWORD_FAILED) : null
          }
        />
        <NewPasswordFields />
        <AuthSubmitButton loading={resetPassword.isPending} spaceAbove={3}>
          Reset Password
        </AuthSubmitButton>
        <AuthFormFooter>
          <Link to="/forgot-password" className="cz-link">
            Request a new reset link
          </Link>
        </AuthFormFooter>
      </AuthForm>
    </AuthCard>
  );
}
