import { adminUserApi } from '@cadenza/contract/routes/admin';
import type {
  CreateInvitationBody,
  CreatedInvitation,
  Invitation,
} from '@cadenza/contract/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

export async function getInvitations(): Promise<Invitation[]> {
  return (await call(adminUserApi.invitations)).data;
}

export async function createInvitation(body: CreateInvitationBody): Promise<CreatedInvitation> {
  return (await call(adminUserApi.invite, { body })).data;
}

export function revokeInvitation(id: string): Promise<unknown> {
  return call(adminUserApi.revokeInvitation, { params: { id } });
}

/** GET /api/admin/invitations: the pending ones, newest first. */
export function useInvitations() {
  return useQuery({ queryKey: userKeys.invitations(), queryFn: getInvitations });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.invitations() }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.invitations() }),
  });
}
