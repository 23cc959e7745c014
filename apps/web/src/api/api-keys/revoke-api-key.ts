import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** DELETE /api/user/api-keys/:id: apps signed in with the key are refused from then on. */
export async function revokeApiKey(id: string): Promise<void> {
  await apiClient.delete(`/user/api-keys/${encodeURIComponent(id)}`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
