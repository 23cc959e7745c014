import { signupFormSchema, type SignupForm } from '@cadenza/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormCheckbox } from '@/components/form-checkbox';
import { FormTextField } from '@/components/form-text-field';
import { errorMessage } from '@/lib/api-client';
import { dashboardPathFor } from '@/lib/auth-store';
import { useRegister } from '@/api/auth/register';
import { AuthCard } from './components/auth-card';
import { AuthFormFooter, AuthSubmitButton } from './components/auth-form-actions';
import { FormError } from './components/form-error';
import { PasswordField } from './components/password-field';
import { clearSignupDraft, readSignupDraft, writeSignupDraft } from './signup-draft';

export const REGISTRATION_FAILED = 'Registration failed. Please try again.';

export function SignupPage() {
  const navigate = useNavigate();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const registerAccount = useRegister();
  const [draft] = useState(() => ({ ...readSignupDraft(), password: '', confirmPassword: '' }));
  const form = useForm<SignupForm>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: draft,
    reValidateMode: 'onSubmit',
  });

  // The terms and the privacy policy open in this tab: keep what was typed for the way back.
  const [name, email, agreeTerms] = useWatch({
    control: form.control,
    name: ['name', 'email', 'agreeTerms'],
  });
  useEffect(() => writeSignupDraft({ name, email, agreeTerms }), [name, email, agreeTerms]);

  const handleSubmit = form.handleSubmit(({ name, email, password }) => {
    registerAccount.mutate(
      { name, email, password },
      {
        onSuccess: ({ user }) => {
          clearSignupDraft();
          void navigate(dashboardPathFor(user), { replace: true });
        },
      },
    );
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="Sign up free and start listening in seconds."
      icon={<PersonAddIcon />}
    >
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          aria-label="Sign up"
        >
          <FormError
            message={
              registerAccount.isError
                ? errorMessage(registerAccount.error, REGISTRATION_FAILED)
                : null
            }
          />
          <Stack spacing={2.5}>
            <FormTextField<SignupForm> name="name" label="Full Name" autoComplete="name" />
            <FormTextField<SignupForm>
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
            />
            <PasswordField<SignupForm>
              name="password"
              label="Password"
              autoComplete="new-password"
              visible={passwordVisible}
              onToggleVisibility={() => setPasswordVisible((value) => !value)}
            />
            <PasswordField<SignupForm>
              name="confirmPassword"
              label="Confirm Password"
              autoComplete="new-password"
              visible={passwordVisible}
            />
          </Stack>
          <Box sx={{ mt: 1.5 }}>
            <FormCheckbox<SignupForm>
              name="agreeTerms"
              label={
                <Typography variant="body2">
                  I agree to the <Link href="/terms-of-service">Terms of Service</Link> and{' '}
                  <Link href="/privacy-policy">Privacy Policy</Link>
                </Typography>
              }
            />
          </Box>
          <AuthSubmitButton loading={registerAccount.isPending} spaceAbove={2}>
            Sign Up
          </AuthSubmitButton>
          <AuthFormFooter>
            Already have an account?{' '}
            <Link href="/login" underline="always">
              Log in
            </Link>
          </AuthFormFooter>
        </Box>
      </FormProvider>
    </AuthCard>
  );
}
