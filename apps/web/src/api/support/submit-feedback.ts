import type { MessageResponse } from '@cadenza/contract/envelope';
import type { FeedbackBody } from '@cadenza/contract/support';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/support/feedback with the answers, their labels, the date and who sent it. */
export function submitFeedback(body: FeedbackBody): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/support/feedback', body);
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
