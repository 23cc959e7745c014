import type { ChangeEmailBody, ConfirmEmailBody } from '@cadenza/contract/account';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/user/account/email: a confirmation link goes to the new address. */
export async function requestEmailChange(body: ChangeEmailBody): Promise<string> {
  return (await apiClient.post<{ message: string }>('/user/account/email', body)).message;
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

/** POST /api/user/account/email/confirm: the link's token; works signed in or not. */
export async function confirmEmailChange(body: ConfirmEmailBody): Promise<string> {
  return (
    await apiClient.post<{ message: string }>('/user/account/email/confirm', body, {
      redirectOnUnauthorized: false,
    })
  ).message;
}
