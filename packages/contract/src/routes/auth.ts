import type { InitialPasswordBody, InvitationPreview } from '../accounts';
import type {
  ForgotPasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  SessionResponse,
} from '../auth';
import type { MessageResponse, SuccessResponse } from '../envelope';
import type { SecondFactorChallenge, SecondFactorLoginBody } from '../second-factor';
import { defineRoute } from '../route';

/** Signing up, in and out, and the password a visitor lost (docs/product.md §4). */
export const authApi = {
  register: defineRoute<{ body: RegisterBody; response: SessionResponse }>()(
    'POST',
    '/api/auth/register',
  ),
  login: defineRoute<{ body: LoginBody; response: SessionResponse | SecondFactorChallenge }>()(
    'POST',
    '/api/auth/login',
  ),
  secondFactorLogin: defineRoute<{ body: SecondFactorLoginBody; response: SessionResponse }>()(
    'POST',
    '/api/auth/login/second-factor',
  ),
  initialPassword: defineRoute<{ body: InitialPasswordBody; response: SessionResponse }>()(
    'PUT',
    '/api/auth/initial-password',
  ),
  logout: defineRoute<{ response: MessageResponse }>()('POST', '/api/auth/logout'),
  forgotPassword: defineRoute<{ body: ForgotPasswordBody; response: MessageResponse }>()(
    'POST',
    '/api/auth/forgot-password',
  ),
  resetPassword: defineRoute<{ body: ResetPasswordBody; response: SessionResponse }>()(
    'PUT',
    '/api/auth/reset-password/:resetToken',
  ),
  invitation: defineRoute<{ response: SuccessResponse<InvitationPreview> }>()(
    'GET',
    '/api/auth/invitations/:token',
  ),
} as const;

/** Signing in through someone else: an OpenID provider, or a reverse proxy's header. */
export const singleSignOnApi = {
  /** Where the browser goes (a whole-page navigation) to sign in at the provider. */
  oidcStart: defineRoute()('GET', '/api/auth/oidc/start'),
  oidcSession: defineRoute<{ response: SessionResponse | SecondFactorChallenge }>()(
    'POST',
    '/api/auth/oidc/session',
  ),
  proxySession: defineRoute<{ response: SessionResponse }>()('POST', '/api/auth/proxy'),
} as const;
