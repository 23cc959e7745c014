import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statsKeys, userKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** DELETE /api/admin/users/{id} (the server refuses administrators). */
export function deleteUser(id: string): Promise<unknown> {
  return apiClient.delete(`/admin/users/${encodeURIComponent(id)}`);
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
