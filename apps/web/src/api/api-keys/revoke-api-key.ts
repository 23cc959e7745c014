import { apiKeyApi } from '@cadenza/contract/routes/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** DELETE /api/user/api-keys/:id: apps signed in with the key are refused from then on. */
export async function revokeApiKey(id: string): Promise<void> {
  await call(apiKeyApi.revoke, { params: { id } });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
