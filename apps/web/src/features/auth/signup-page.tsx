import type { SignupForm } from '@cadenza/contract/auth';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PlainFormCheckbox } from '@/components/plain-form-checkbox';
import { PlainFormTextField } from '@/components/plain-form-text-field';
import { errorMessage } from '@/lib/api-client';
import { dashboardPathFor } from '@/lib/auth-store';
import { useInvitationPreview } from '@/api/auth/invitation-preview';
import { useRegister } from '@/api/auth/register';
import { usePublicConfig } from '@/api/config/get-public-config';
import styles from './auth-form.module.css';
import { authFormResolver } from './auth-form-resolver';
import { AuthAlert } from './components/auth-alert';
import { AuthCard } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { AuthActionLink, AuthFormFooter, AuthSubmitButton } from './components/auth-form-actions';
import { FormError } from './components/form-error';
import { PasswordField } from './components/password-field';
import { clearSignupDraft, readSignupDraft, writeSignupDraft } from './signup-draft';

export const REGISTRATION_FAILED = 'Registration failed. Please try again.';
export const SIGNUP_CLOSED =
  'Sign-up is closed on this server. Ask its administrator for an invitation.';
export const SIGNUP_BY_INVITATION =
  'Sign-up on this server is by invitation only. Open the link from your invitation.';
export const INVALID_INVITATION =
  'This invitation link is invalid, has expired or was already used.';

/** Instead of the form: why nobody can sign up here now, and the way to log in. */
function SignupUnavailable({ message }: { message: string }) {
  return (
    <AuthCard title="Sign-up unavailable" icon="personAdd">
      <AuthAlert severity="error" spaceBelow={3}>
        {message}
      </AuthAlert>
      <AuthActionLink to="/login">Go to Login</AuthActionLink>
    </AuthCard>
  );
}

/**
 * The sign-up page: the form while sign-up is open or with a valid invitation link
 * (`?invite=`, whose e-mail, if it names one, is filled in and fixed); otherwise why not.
 */
export function SignupPage() {
  const [searchParams] = useSearchParams();
  const invitation = searchParams.get('invite');
  const { config } = usePublicConfig();
  const preview = useInvitationPreview(invitation);
  if (invitation !== null) {
    if (preview.isError) return <SignupUnavailable message={INVALID_INVITATION} />;
    if (!preview.data) return null;
    return <SignupForm invitation={invitation} invitedEmail={preview.data.email} />;
  }
  if (config.registration === 'closed') return <SignupUnavailable message={SIGNUP_CLOSED} />;
  if (config.registration === 'invite') {
    return <SignupUnavailable message={SIGNUP_BY_INVITATION} />;
  }
  return <SignupForm invitation={null} invitedEmail={null} />;
}

function SignupForm({
  invitation,
  invitedEmail,
}: {
  invitation: string | null;
  invitedEmail: string | null;
}) {
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
  const [draft] = useState(() => ({
    ...readSignupDraft(),
    ...(invitedEmail === null ? {} : { email: invitedEmail }),
    password: '',
    confirmPassword: '',
  }));
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
      { name, email, password, ...(invitation === null ? {} : { invitation }) },
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
      <AuthForm form={form} label="Sign up" onSubmit={handleSubmit}>
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
            readOnly={invitedEmail !== null}
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
      </AuthForm>
    </AuthCard>
  );
}
