import { authApi } from '@cadenza/contract/routes/auth';
import type { InvitationPreview } from '@cadenza/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { userKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/auth/invitations/{token}: whether the link is valid, and the e-mail it is for. */
export async function getInvitationPreview(token: string): Promise<InvitationPreview> {
  const answer = await call(authApi.invitation, {
    params: { token },
    redirectOnUnauthorized: false,
  });
  return answer.data;
}

/** The invitation of the sign-up link, when there is one (`token` null: none). */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: userKeys.invitation(token ?? ''),
    queryFn: () => getInvitationPreview(token ?? ''),
    enabled: token !== null,
    retry: false,
  });
}
