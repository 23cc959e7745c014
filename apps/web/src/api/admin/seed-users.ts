import { adminApi } from '@cadenza/contract/routes/admin';
import type { SeedUsersResponse } from '@cadenza/contract/seed';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statsKeys, userKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** POST /api/general/seed/users { count }: creates test accounts (development only). */
export function seedUsers(count: number): Promise<SeedUsersResponse> {
  return call(adminApi.seedUsers, { body: { count } });
}

export function useSeedUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seedUsers,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.adminList() }),
        queryClient.invalidateQueries({ queryKey: statsKeys.admin() }),
      ]),
  });
}
