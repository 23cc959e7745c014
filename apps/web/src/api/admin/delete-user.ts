import { adminUserApi } from '@cadenza/contract/routes/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statsKeys, userKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** DELETE /api/admin/users/{id} (the server refuses administrators). */
export function deleteUser(id: string): Promise<unknown> {
  return call(adminUserApi.remove, { params: { id } });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.adminList() }),
        queryClient.invalidateQueries({ queryKey: statsKeys.admin() }),
      ]),
  });
}
