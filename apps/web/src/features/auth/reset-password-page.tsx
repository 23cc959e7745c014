import { resetPasswordFormSchema, type ResetPasswordForm } from '@cadenza/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockResetIcon from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useResetPassword } from '@/api/auth/reset-password';
import { AuthCard } from './components/auth-card';
import { AuthFormFooter, AuthSubmitButton } from './components/auth-form-actions';
import { FormError } from './components/form-error';
import { PasswordField } from './components/password-field';

export const RESET_PASSWORD_FAILED =
  'Failed to reset password. The reset link may be invalid or expired.';
export const PASSWORD_RESET_DONE = 'Your password has been successfully reset.';

export function ResetPasswordPage() {
  const { resetToken = '' } = useParams<{ resetToken: string }>();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });

  const handleSubmit = form.handleSubmit(({ password }) =>
    resetPassword.mutate({ resetToken, password }),
  );

  if (resetPassword.isSuccess) {
    return (
      <AuthCard title="Password reset" icon={<CheckCircleIcon />}>
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {PASSWORD_RESET_DONE}
        </Alert>
        <Button href="/login" variant="contained" size="large" fullWidth>
          Login with New Password
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Choose a new password of at least 6 characters."
      icon={<LockResetIcon />}
    >
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          aria-label="Reset password"
        >
          <FormError
            message={
              resetPassword.isError
                ? errorMessage(resetPassword.error, RESET_PASSWORD_FAILED)
                : null
            }
          />
          <Stack spacing={2.5}>
            <PasswordField<ResetPasswordForm>
              name="password"
              label="New Password"
              autoComplete="new-password"
              visible={passwordVisible}
              onToggleVisibility={() => setPasswordVisible((value) => !value)}
            />
            <PasswordField<ResetPasswordForm>
              name="confirmPassword"
              label="Confirm New Password"
              autoComplete="new-password"
              visible={passwordVisible}
            />
          </Stack>
          <AuthSubmitButton loading={resetPassword.isPending} spaceAbove={3}>
            Reset Password
          </AuthSubmitButton>
          <AuthFormFooter>
            <Link href="/forgot-password">Request a new reset link</Link>
          </AuthFormFooter>
        </Box>
      </FormProvider>
    </AuthCard>
  );
}
