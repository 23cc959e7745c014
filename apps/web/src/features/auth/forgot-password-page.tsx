import type { ForgotPasswordBody } from '@cadenza/contract/auth';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PlainFormTextField } from '@/components/plain-form-text-field';
import { errorMessage } from '@/lib/api-client';
import { useForgotPassword } from '@/api/auth/forgot-password';
import styles from './auth-form.module.css';
import { authFormResolver } from './auth-form-resolver';
import { AuthAlert } from './components/auth-alert';
import { AuthCard } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { AuthActionLink, AuthFormFooter, AuthSubmitButton } from './components/auth-form-actions';
import { FormError } from './components/form-error';

export const FORGOT_PASSWORD_FAILED =
  'Failed to send reset email. Please check your email address and try again.';
export const RESET_LINK_SENT = 'Reset link sent! Please check your email inbox.';

const resolver = authFormResolver<ForgotPasswordBody>(
  (contract) => contract.forgotPasswordBodySchema,
);

export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const form = useForm<ForgotPasswordBody>({
    resolver,
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });

  const handleSubmit = form.handleSubmit((values) => forgotPassword.mutate(values));

  if (forgotPassword.isSuccess) {
    return (
      <AuthCard title="Check your email" icon="markEmailRead">
        <AuthAlert severity="success">{RESET_LINK_SENT}</AuthAlert>
        <p className={`cz-body2 cz-secondary-text ${styles.hint}`}>
          Didn&apos;t get it within a few minutes? Check your spam or junk folder.
        </p>
        <AuthActionLink to="/login">Return to Login</AuthActionLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we'll send you a reset link."
      icon="lockReset"
    >
      <AuthForm form={form} label="Forgot password" onSubmit={handleSubmit}>
        <FormError
          message={
            forgotPassword.isError
              ? errorMessage(forgotPassword.error, FORGOT_PASSWORD_FAILED)
              : null
          }
        />
        <PlainFormTextField<ForgotPasswordBody>
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
        />
        <AuthSubmitButton loading={forgotPassword.isPending} spaceAbove={3}>
          Send Reset Link
        </AuthSubmitButton>
        <AuthFormFooter>
          Remembered it?{' '}
          <Link to="/login" className="cz-link">
            Back to login
          </Link>
        </AuthFormFooter>
      </AuthForm>
    </AuthCard>
  );
}
