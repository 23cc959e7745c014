import { accountApi } from '@cadenza/contract/routes/account';
import type { ReauthenticateBody } from '@cadenza/contract/account';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';

/** POST /api/user/account/reauthenticate: the password, proved again in this session. */
export async function reauthenticate(body: ReauthenticateBody): Promise<void> {
  await call(accountApi.reauthenticate, { body });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}
