import type { LoginForm, SessionResponse } from '@cadenza/contract/auth';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PlainFormCheckbox } from '@/components/plain-form-checkbox';
import { PlainFormTextField } from '@/components/plain-form-text-field';
import { errorMessage } from '@/lib/api-client';
import { dashboardPathFor } from '@/lib/auth-store';
import { readRedirectOrigin } from '@/lib/navigation';
import { isChallenge, useLogin } from '@/api/auth/login';
import styles from './auth-form.module.css';
import { authFormResolver } from './auth-form-resolver';
import { AuthCard } from './components/auth-card';
import { AuthForm } from './components/auth-form';
import { AuthFormFooter, AuthSubmitButton } from './components/auth-form-actions';
import { FormError } from './components/form-error';
import { PasswordField } from './components/password-field';
import { SecondFactorStep } from './components/second-factor-step';
import { SignInElsewhere } from './components/sign-in-elsewhere';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

const resolver = authFormResolver<LoginForm>((contract) => contract.loginFormSchema);

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [passwordVisible, setPasswordVisible] = useState(false);
  /** The challenge of an account with two-factor sign-in, while its code is asked for. */
  const [challenge, setChallenge] = useState<{ challenge: string; remember: boolean } | null>(null);
  const login = useLogin();
  const form = useForm<LoginForm>({
    resolver,
    defaultValues: { email: '', password: '', remember: false },
    reValidateMode: 'onSubmit',
  });

  const enter = useCallback(
    ({ user }: SessionResponse) => {
      // Admins always land on their dashboard; others go back where they were sent from.
      const destination =
        user.role === 'admin'
          ? dashboardPathFor(user)
          : (readRedirectOrigin(location.state) ?? dashboardPathFor(user));
      void navigate(destination, { replace: true });
    },
    [location.state, navigate],
  );

  /** After the identity provider, an account with two-factor sign-in still gives its code. */
  const askForCode = useCallback(
    (signedChallenge: string) => setChallenge({ challenge: signedChallenge, remember: false }),
    [],
  );

  const handleSubmit = form.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: (result) => {
        if (isChallenge(result)) {
          setChallenge({ challenge: result.challenge, remember: values.remember });
          return;
        }
        if (result.passwordChangeRequired) {
          void navigate('/change-password', { replace: true });
          return;
        }
        enter(result);
      },
    });
  });

  if (challenge) {
    return (
      <AuthCard
        title="Two-factor sign-in"
        subtitle="One more step to keep your account safe."
        icon="lock"
      >
        <SecondFactorStep
          challenge={challenge.challenge}
          remember={challenge.remember}
          onSignedIn={enter}
          onBack={() => {
            setChallenge(null);
            login.reset();
            // The provider's hand-off is used up: back to the plain form, not to picking it up.
            if (searchParams.has('sso')) void navigate('/login', { replace: true });
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Welcome back" subtitle="Log in to keep listening on Cadenza." icon="lock">
      <AuthForm form={form} label="Log in" onSubmit={handleSubmit}>
        <SignInElsewhere
          returned={searchParams.get('sso') === 'oidc'}
          failure={searchParams.get('sso_error')}
          onSignedIn={enter}
          onChallenge={askForCode}
        />
        <FormError message={login.isError ? errorMessage(login.error, LOGIN_FAILED) : null} />
        <div className={styles.fields}>
          <PlainFormTextField<LoginForm>
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
        </div>
        <div className={styles.options}>
          <PlainFormCheckbox<LoginForm> name="remember" label="Remember me" />
          <Link to="/forgot-password" className="cz-link cz-body2">
            Forgot password?
          </Link>
        </div>
        <AuthSubmitButton loading={login.isPending} spaceAbove={2}>
          Log In
        </AuthSubmitButton>
        <AuthFormFooter>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="cz-link">
            Sign up
          </Link>
        </AuthFormFooter>
      </AuthForm>
    </AuthCard>
  );
}
