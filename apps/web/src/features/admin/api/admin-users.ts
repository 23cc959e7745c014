import type { User } from '@cadenza/contract/auth';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { adminListQueryOptions } from './admin-page';

/** GET /api/admin/users: every account, newest first. */
export function useAdminUsers() {
  return useInfiniteQuery(adminListQueryOptions<User>(adminKeys.users(), '/admin/users'));
}

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
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats() }),
      ]),
  });
}
