import { loginFormSchema, type LoginForm } from '@cadenza/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { FormCheckbox } from '@/components/form-checkbox';
import { FormTextField } from '@/components/form-text-field';
import { errorMessage } from '@/lib/api-client';
import { dashboardPathFor } from '@/lib/auth-store';
import { readRedirectOrigin } from '@/lib/navigation';
import { useLogin } from '@/api/auth/login';
import { AuthCard } from './components/auth-card';
import { AuthFormFooter, AuthSubmitButton } from './components/auth-form-actions';
import { FormError } from './components/form-error';
import { PasswordField } from './components/password-field';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const login = useLogin();
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', remember: false },
    reValidateMode: 'onSubmit',
  });

  const handleSubmit = form.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: ({ user }) => {
        // Admins always land on their dashboard; others go back where they were sent from.
        const destination =
          user.role === 'admin'
            ? dashboardPathFor(user)
            : (readRedirectOrigin(location.state) ?? dashboardPathFor(user));
        void navigate(destination, { replace: true });
      },
    });
  });

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to keep listening on Cadenza."
      icon={<LockIcon />}
    >
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          aria-label="Log in"
        >
          <FormError message={login.isError ? errorMessage(login.error, LOGIN_FAILED) : null} />
          <Stack spacing={2.5}>
            <FormTextField<LoginForm>
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
            />
            <PasswordField<LoginForm>
              name="password"
              label="Password"
              autoComplete="current-password"
              visible={passwordVisible}
              onToggleVisibility={() => setPasswordVisible((value) => !value)}
            />
          </Stack>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: 1,
              mt: 1,
            }}
          >
            <FormCheckbox<LoginForm> name="remember" label="Remember me" />
            <Link href="/forgot-password" variant="body2">
              Forgot password?
            </Link>
          </Box>
          <AuthSubmitButton loading={login.isPending} spaceAbove={2}>
            Log In
          </AuthSubmitButton>
          <AuthFormFooter>
            Don&apos;t have an account?{' '}
            <Link href="/signup" underline="always">
              Sign up
            </Link>
          </AuthFormFooter>
        </Box>
      </FormProvider>
    </AuthCard>
  );
}
