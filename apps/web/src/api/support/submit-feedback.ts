import { generalApi } from '@cadenza/contract/routes/general';
import type { MessageResponse } from '@cadenza/contract/envelope';
import type { FeedbackBody } from '@cadenza/contract/support';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';

/** POST /api/support/feedback with the answers, their labels, the date and who sent it. */
export function submitFeedback(body: FeedbackBody): Promise<MessageResponse> {
  return call(generalApi.feedback, { body });
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
