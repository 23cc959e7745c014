import type {
  AccountSession,
  ChangeEmailBody,
  ChangeNameBody,
  ChangePasswordBody,
  ConfirmEmailBody,
  ReauthenticateBody,
  RenewedSessionResponse,
} from '../account';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '../api-keys';
import type { User } from '../auth';
import type { MessageResponse, SuccessResponse } from '../envelope';
import type { Profile } from '../profile';
import type {
  RecoveryCodes,
  SecondFactorConfirmBody,
  SecondFactorDisableBody,
  SecondFactorSetup,
  SecondFactorStatus,
} from '../second-factor';
import { defineRoute } from '../route';

/** The signed-in person's own account (docs/product.md §6), under /api/user/account. */
export const accountApi = {
  changeName: defineRoute<{ body: ChangeNameBody; response: SuccessResponse<User> }>()(
    'PATCH',
    '/api/user/account/name',
  ),
  changeEmail: defineRoute<{ body: ChangeEmailBody; response: MessageResponse }>()(
    'POST',
    '/api/user/account/email',
  ),
  confirmEmail: defineRoute<{ body: ConfirmEmailBody; response: MessageResponse }>()(
    'POST',
    '/api/user/account/email/confirm',
  ),
  changePassword: defineRoute<{ body: ChangePasswordBody; response: RenewedSessionResponse }>()(
    'PUT',
    '/api/user/account/password',
  ),
  reauthenticate: defineRoute<{ body: ReauthenticateBody; response: MessageResponse }>()(
    'POST',
    '/api/user/account/reauthenticate',
  ),
  sessions: defineRoute<{ response: SuccessResponse<AccountSession[]> }>()(
    'GET',
    '/api/user/account/sessions',
  ),
  signOutSession: defineRoute<{ response: MessageResponse }>()(
    'DELETE',
    '/api/user/account/sessions/:id',
  ),
  signOutOthers: defineRoute<{ response: RenewedSessionResponse }>()(
    'POST',
    '/api/user/account/sessions/sign-out-others',
  ),
  profile: defineRoute<{ response: SuccessResponse<Profile> }>()('GET', '/api/user/profile'),
} as const;

/** The listener's keys for other players (docs/product.md §6). */
export const apiKeyApi = {
  list: defineRoute<{ response: SuccessResponse<ApiKey[]> }>()('GET', '/api/user/api-keys'),
  create: defineRoute<{ body: CreateApiKeyBody; response: SuccessResponse<CreatedApiKey> }>()(
    'POST',
    '/api/user/api-keys',
  ),
  revoke: defineRoute<{ response: MessageResponse }>()('DELETE', '/api/user/api-keys/:id'),
} as const;

/** Two-factor sign-in: its status, setting it up and turning it off. */
export const secondFactorApi = {
  status: defineRoute<{ response: SuccessResponse<SecondFactorStatus> }>()(
    'GET',
    '/api/user/two-factor',
  ),
  setup: defineRoute<{ response: SuccessResponse<SecondFactorSetup> }>()(
    'POST',
    '/api/user/two-factor/setup',
  ),
  confirm: defineRoute<{
    body: SecondFactorConfirmBody;
    response: SuccessResponse<RecoveryCodes>;
  }>()('POST', '/api/user/two-factor/confirm'),
  disable: defineRoute<{ body: SecondFactorDisableBody; response: MessageResponse }>()(
    'POST',
    '/api/user/two-factor/disable',
  ),
} as const;
