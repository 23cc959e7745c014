import { accountApi } from '@cadenza/contract/routes/account';
import type { ChangeNameBody } from '@cadenza/contract/account';
import type { User } from '@cadenza/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';

/** PATCH /api/user/account/name: the account with its new name. */
export async function changeName(body: ChangeNameBody): Promise<User> {
  return (await call(accountApi.changeName, { body })).data;
}

export function useChangeName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeName,
    onSuccess: (user) => {
      const { token } = useAuthStore.getState();
      if (token) useAuthStore.getState().renewSession(token, user);
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
