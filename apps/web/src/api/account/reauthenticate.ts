import type { ReauthenticateBody } from '@cadenza/contract/account';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/user/account/reauthenticate: the password, proved again in this session. */
export async function reauthenticate(body: ReauthenticateBody): Promise<void> {
  await apiClient.post('/user/account/reauthenticate', body);
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}
