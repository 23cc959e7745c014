import { adminUserApi } from '@cadenza/contract/routes/admin';
import type { AdminUser, CreateUserBody } from '@cadenza/contract/accounts';
import type { Role } from '@cadenza/contract/auth';
import type { StreamingQuality } from '@cadenza/contract/streaming-quality';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statsKeys, userKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** POST /api/admin/users: an account with a temporary password. */
export async function createUser(body: CreateUserBody): Promise<AdminUser> {
  return (await call(adminUserApi.create, { body })).data;
}

export async function changeRole(id: string, role: Role): Promise<AdminUser> {
  return (await call(adminUserApi.changeRole, { params: { id }, body: { role } })).data;
}

export async function setDisabled(id: string, disabled: boolean): Promise<AdminUser> {
  return (await call(adminUserApi.changeStatus, { params: { id }, body: { disabled } })).data;
}

export async function setStreamingLimit(
  id: string,
  streamingQualityLimit: StreamingQuality,
): Promise<AdminUser> {
  return (
    await call(adminUserApi.changeStreamingLimit, {
      params: { id },
      body: { streamingQualityLimit },
    })
  ).data;
}

export function sendPasswordReset(id: string): Promise<unknown> {
  return call(adminUserApi.sendPasswordReset, { params: { id } });
}

/** Every change to an account is shown in the Users tab (and the user count) again. */
function useAccountMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.adminList() }),
        queryClient.invalidateQueries({ queryKey: statsKeys.admin() }),
      ]),
  });
}

export const useCreateUser = () => useAccountMutation(createUser);
export const useChangeRole = () =>
  useAccountMutation(({ id, role }: { id: string; role: Role }) => changeRole(id, role));
export const useSetDisabled = () =>
  useAccountMutation(({ id, disabled }: { id: string; disabled: boolean }) =>
    setDisabled(id, disabled),
  );
export const useSetStreamingLimit = () =>
  useAccountMutation(({ id, limit }: { id: string; limit: StreamingQuality }) =>
    setStreamingLimit(id, limit),
  );
export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset });
