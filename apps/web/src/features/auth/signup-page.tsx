import type { SignupForm } from '@cadenza/contract/auth';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PlainFormCheckbox } from '@/components/plain-form-checkbox';
import { PlainFormTextField } from '@/components/plain-form-text-field';
import { errorMessage } from '@/lib/api-client';
import { dashboardPathFor } from '@/lib/auth-store';
import { useRegister } from '@/api/auth/register';
import { usePublicConfig } from '@/api/config/get-public-config';
import styles from './auth-form.module.css';
import { authFormResolver, preloadAuthValidation } from './auth-form-resolver';
import { AuthCard } from './components/auth-card';
import { AuthFormFooter, AuthSubmitButton } from './components/auth-form-actions';
import { FormError } from './components/form-error';
import { PasswordField } from './components/password-field';
import { clearSignupDraft, readSignupDraft, writeSignupDraft } from './signup-draft';

export const REGISTRATION_FAILED = 'Registration failed. Please try again.';

export function SignupPage() {
  const navigate = useNavigate();
  // The server's minimum password length (PASSWORD_MIN_LENGTH); 6 until its answer is known.
  const { passwordMinLength } = usePublicConfig().config;
  const resolver = useMemo(
    () =>
      authFormResolver<SignupForm>((contract) => contract.signupFormSchemaFor(passwordMinLength)),
    [passwordMinLength],
  );
  const [passwordVisible, setPasswordVisible] = useState(false);
  const registerAccount = useRegister();
  const [draft] = useState(() => ({ ...readSignupDraft(), password: '', confirmPassword: '' }));
  const form = useForm<SignupForm>({
    resolver,
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
      icon="personAdd"
    >
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          onFocus={preloadAuthValidation}
          aria-label="Sign up"
        >
          <FormError
            message={
              registerAccount.isError
                ? errorMessage(registerAccount.error, REGISTRATION_FAILED)
                : null
            }
          />
          <div className={styles.fields}>
            <PlainFormTextField<SignupForm> name="name" label="Full Name" autoComplete="name" />
            <PlainFormTextField<SignupForm>
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
          </div>
          <div className={styles.agreement}>
            <PlainFormCheckbox<SignupForm>
              name="agreeTerms"
              label={
                <span className={`cz-body2 ${styles.agreementText}`}>
                  I agree to the{' '}
                  <Link to="/terms-of-service" className="cz-link">
                    Terms of Service
                  </Link>{' '}
                  and{' '}
                  <Link to="/privacy-policy" className="cz-link">
                    Privacy Policy
                  </Link>
                </span>
              }
            />
          </div>
          <AuthSubmitButton loading={registerAccount.isPending} spaceAbove={2}>
            Sign Up
          </AuthSubmitButton>
          <AuthFormFooter>
            Already have an account?{' '}
            <Link to="/login" className="cz-link">
              Log in
            </Link>
          </AuthFormFooter>
        </form>
      </FormProvider>
    </AuthCard>
  );
}
