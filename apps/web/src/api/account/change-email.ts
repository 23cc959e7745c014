import { accountApi } from '@cadenza/contract/routes/account';
import type { ChangeEmailBody, ConfirmEmailBody } from '@cadenza/contract/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';

/** POST /api/user/account/email: a confirmation link goes to the new address. */
export async function requestEmailChange(body: ChangeEmailBody): Promise<string> {
  return (await call(accountApi.changeEmail, { body })).message;
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

/** POST /api/user/account/email/confirm: the link's token; works signed in or not. */
export async function confirmEmailChange(body: ConfirmEmailBody): Promise<string> {
  return (await call(accountApi.confirmEmail, { body, redirectOnUnauthorized: false })).message;
}
