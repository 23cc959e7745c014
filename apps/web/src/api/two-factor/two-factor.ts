import { secondFactorApi } from '@cadenza/contract/routes/account';
import type { SecondFactorDisableBody, SecondFactorStatus } from '@cadenza/contract/second-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secondFactorKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

export async function getSecondFactorStatus(): Promise<SecondFactorStatus> {
  return (await call(secondFactorApi.status)).data;
}

/** GET /api/user/two-factor: whether it is on, and how many recovery codes are left. */
export function useSecondFactorStatus() {
  return useQuery({ queryKey: secondFactorKeys.status(), queryFn: getSecondFactorStatus });
}

/** POST /api/user/two-factor/setup: a new secret, shown until it is confirmed. */
export function useBeginSecondFactor() {
  return useMutation({
    mutationFn: async () => (await call(secondFactorApi.setup)).data,
  });
}

/** POST /api/user/two-factor/confirm: turns it on; the recovery codes are shown this once. */
export function useConfirmSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await call(secondFactorApi.confirm, { body: { code } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.all }),
  });
}

/** POST /api/user/two-factor/disable: the password and a code turn it off. */
export function useDisableSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecondFactorDisableBody) => call(secondFactorApi.disable, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.all }),
  });
}
