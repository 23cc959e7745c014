import type { CreateApiKeyBody, CreatedApiKey } from '@cadenza/contract/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** POST /api/user/api-keys: the answer is the only time the key itself is seen. */
export async function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return (await apiClient.post<{ data: CreatedApiKey }>('/user/api-keys', body)).data;
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
