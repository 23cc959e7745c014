import { accountApi } from '@cadenza/contract/routes/account';
import type { AccountSession, RenewedSessionResponse } from '@cadenza/contract/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';

/** GET /api/user/account/sessions: the account's sessions signed in, last seen first. */
export async function getAccountSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  return (await call(accountApi.sessions, { signal })).data;
}

export const accountSessionsQueryOptions = queryOptions({
  queryKey: accountKeys.sessions(),
  queryFn: ({ signal }) => getAccountSessions(signal),
});

export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions);
}

/** DELETE /api/user/account/sessions/:id: that device is signed out at once. */
export async function signOutSession(id: string): Promise<void> {
  await call(accountApi.signOutSession, { params: { id } });
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

/** POST /api/user/account/sessions/sign-out-others: this session goes on with a new token. */
export async function signOutOtherSessions(): Promise<RenewedSessionResponse> {
  return call(accountApi.signOutOthers);
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSuccess: (answer) => {
      useAuthStore.getState().renewSession(answer.token, answer.user);
      return queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
  });
}
