import type { MessageResponse } from '@cadenza/contract/envelope';
import type {
  RecoveryCodes,
  SecondFactorDisableBody,
  SecondFactorSetup,
  SecondFactorStatus,
} from '@cadenza/contract/second-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secondFactorKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

export async function getSecondFactorStatus(): Promise<SecondFactorStatus> {
  return (await apiClient.get<{ data: SecondFactorStatus }>('/user/two-factor')).data;
}

/** GET /api/user/two-factor: whether it is on, and how many recovery codes are left. */
export function useSecondFactorStatus() {
  return useQuery({ queryKey: secondFactorKeys.status(), queryFn: getSecondFactorStatus });
}

/** POST /api/user/two-factor/setup: a new secret, shown until it is confirmed. */
export function useBeginSecondFactor() {
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post<{ data: SecondFactorSetup }>('/user/two-factor/setup')).data,
  });
}

/** POST /api/user/two-factor/confirm: turns it on; the recovery codes are shown this once. */
export function useConfirmSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await apiClient.post<{ data: RecoveryCodes }>('/user/two-factor/confirm', { code })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.all }),
  });
}

/** POST /api/user/two-factor/disable: the password and a code turn it off. */
export function useDisableSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecondFactorDisableBody) =>
      apiClient.post<MessageResponse>('/user/two-factor/disable', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.all }),
  });
}
