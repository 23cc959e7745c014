import type { MessageResponse } from '@cadenza/contract/envelope';
import type { ContactBody } from '@cadenza/contract/support';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/support/contact with the form's fields plus the extras date and issueTypeLabel. */
export function sendContactMessage(body: ContactBody): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/support/contact', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
