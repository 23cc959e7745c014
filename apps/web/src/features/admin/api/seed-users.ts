import type { SeedUsersResponse } from '@cadenza/contract/seed';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/general/seed/users { count }: creates test accounts (development only). */
export function seedUsers(count: number): Promise<SeedUsersResponse> {
  return apiClient.post<SeedUsersResponse>('/general/seed/users', { count });
}

export function useSeedUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seedUsers,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats() }),
      ]),
  });
}
