import type { SessionResponse } from '@cadenza/contract/auth';
import { useEffect, useRef } from 'react';
import { usePublicConfig } from '@/api/config/get-public-config';
import { isChallenge } from '@/api/auth/login';
import { OIDC_START_URL, useSessionFromElsewhere } from '@/api/auth/single-sign-on';
import { errorMessage } from '@/lib/api-client';
import styles from './auth-form-actions.module.css';
import { FormError } from './form-error';

/** What the login page says when the provider's sign-in came back without an account. */
export const SIGN_IN_FAILURES: Record<string, string> = {
  sign_in_failed: 'Signing in with your identity provider did not work. Please try again.',
  registration_closed: 'There is no account for you here, and sign-up is closed.',
};

/**
 * Sign-in without a password: the OpenID provider's button, picking up the session once the
 * provider sent the browser back (`?sso=oidc`), and asking a trusted proxy who is there.
 */
export function SignInElsewhere({
  returned,
  failure,
  onSignedIn,
  onChallenge,
}: {
  /** The provider sent the browser back: the session waits to be picked up. */
  returned: boolean;
  /** The code of a failed sign-in through the provider. */
  failure: string | null;
  onSignedIn: (session: SessionResponse) => void;
  /** The account has two-factor sign-in: its code is asked for next, with this challenge. */
  onChallenge: (challenge: string) => void;
}) {
  const { config, isSuccess } = usePublicConfig();
  const pickUp = useSessionFromElsewhere();
  const asked = useRef(false);
  const { mutate } = pickUp;

  useEffect(() => {
    if (asked.current) return;
    const via = returned ? 'oidc' : isSuccess && config.signIn.proxy ? 'proxy' : null;
    if (!via) return;
    asked.current = true;
    mutate(via, {
      onSuccess: (result) => {
        if (isChallenge(result)) onChallenge(result.challenge);
        else onSignedIn(result);
      },
    });
  }, [returned, isSuccess, config.signIn.proxy, mutate, onSignedIn, onChallenge]);

  const shownFailure = failure
    ? (SIGN_IN_FAILURES[failure] ?? SIGN_IN_FAILURES.sign_in_failed ?? null)
    : returned && pickUp.isError
      ? errorMessage(pickUp.error, SIGN_IN_FAILURES.sign_in_failed ?? '')
      : null;
  const { oidc } = config.signIn;

  return (
    <>
      <FormError message={shownFailure} />
      {oidc && (
        <a href={OIDC_START_URL} className={`cz-button cz-button-outlined ${styles.action}`}>
          {oidc.buttonText}
        </a>
      )}
    </>
  );
}
