import { accountApi } from '@cadenza/contract/routes/account';
import type { ChangePasswordBody, RenewedSessionResponse } from '@cadenza/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys, apiKeyKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';

/**
 * PUT /api/user/account/password: every other session ends, and the app keys unless kept; this
 * session goes on with the token answered.
 */
export async function changePassword(body: ChangePasswordBody): Promise<RenewedSessionResponse> {
  return call(accountApi.changePassword, { body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (answer) => {
      useAuthStore.getState().renewSession(answer.token, answer.user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
      ]);
    },
  });
}
