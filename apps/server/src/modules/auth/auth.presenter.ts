import type { SessionResponse } from '@cadenza/contract/auth';
import { presentUser } from '../users/users.presenter';
import type { LoginOutcome, Session } from './auth.service';

/** What register, login and a password reset answer besides `success`. */
export function presentSession(session: Session): Omit<SessionResponse, 'success'> {
  return {
    user: presentUser(session.user),
    token: session.token,
    ...(session.user.passwordChangeRequired ? { passwordChangeRequired: true as const } : {}),
  };
}

/** What a first sign-in step answers: the session, or the challenge its second factor answers. */
export function presentLoginOutcome(outcome: LoginOutcome) {
  if (outcome.kind === 'challenge') {
    return {
      success: true as const,
      secondFactorRequired: true as const,
      challenge: outcome.challenge,
    };
  }
  return { success: true as const, ...presentSession(outcome.session) };
}
