import { generalApi } from '@cadenza/contract/routes/general';
import type { MessageResponse } from '@cadenza/contract/envelope';
import type { ContactBody } from '@cadenza/contract/support';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';

/** POST /api/support/contact with the form's fields plus the extras date and issueTypeLabel. */
export function sendContactMessage(body: ContactBody): Promise<MessageResponse> {
  return call(generalApi.contact, { body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
