import { apiKeyApi } from '@cadenza/contract/routes/account';
import type { CreateApiKeyBody, CreatedApiKey } from '@cadenza/contract/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** POST /api/user/api-keys: the answer is the only time the key itself is seen. */
export async function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return (await call(apiKeyApi.create, { body })).data;
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
