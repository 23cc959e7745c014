import type { SessionResponse } from '@cadenza/contract/auth';
import { presentUser } from '../users/users.presenter';
import type { Session } from './auth.service';

/** What register, login and a password reset answer besides `success`. */
export function presentSession(session: Session): Omit<SessionResponse, 'success'> {
  return {
    user: presentUser(session.user),
    token: session.token,
    ...(session.user.passwordChangeRequired ? { passwordChangeRequired: true as const } : {}),
  };
}
