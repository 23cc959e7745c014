import { forgotPasswordBodySchema, type ForgotPasswordBody } from '@cadenza/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import LockResetIcon from '@mui/icons-material/LockReset';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';
import { errorMessage } from '@/lib/api-client';
import { useForgotPassword } from '@/api/auth/forgot-password';
import { AuthCard } from './components/auth-card';
import { AuthFormFooter, AuthSubmitButton } from './components/auth-form-actions';
import { FormError } from './components/form-error';

export const FORGOT_PASSWORD_FAILED =
  'Failed to send reset email. Please check your email address and try again.';
export const RESET_LINK_SENT = 'Reset link sent! Please check your email inbox.';

export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const form = useForm<ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });

  const handleSubmit = form.handleSubmit((values) => forgotPassword.mutate(values));

  if (forgotPassword.isSuccess) {
    return (
      <AuthCard title="Check your email" icon={<MarkEmailReadIcon />}>
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {RESET_LINK_SENT}
        </Alert>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          Didn&apos;t get it within a few minutes? Check your spam or junk folder.
        </Typography>
        <Button href="/login" variant="contained" size="large" fullWidth>
          Return to Login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we'll send you a reset link."
      icon={<LockResetIcon />}
    >
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          aria-label="Forgot password"
        >
          <FormError
            message={
              forgotPassword.isError
                ? errorMessage(forgotPassword.error, FORGOT_PASSWORD_FAILED)
                : null
            }
          />
          <FormTextField<ForgotPasswordBody>
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
            <Link href="/login" underline="always">
              Back to login
            </Link>
          </AuthFormFooter>
        </Box>
      </FormProvider>
    </AuthCard>
  );
}
