import type {
  CreateInvitationBody,
  CreatedInvitation,
  Invitation,
} from '@cadenza/contract/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

export async function getInvitations(): Promise<Invitation[]> {
  return (await apiClient.get<{ data: Invitation[] }>('/admin/invitations')).data;
}

export async function createInvitation(body: CreateInvitationBody): Promise<CreatedInvitation> {
  return (await apiClient.post<{ data: CreatedInvitation }>('/admin/invitations', body)).data;
}

export function revokeInvitation(id: string): Promise<unknown> {
  return apiClient.delete(`/admin/invitations/${encodeURIComponent(id)}`);
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
