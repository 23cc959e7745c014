import type { ChatAnswer, ChatBody } from '../chat';
import type { MessageResponse, SuccessResponse } from '../envelope';
import type { PublicConfig } from '../public-config';
import type { QuickStats } from '../stats';
import type { ContactBody, FeedbackBody } from '../support';
import { defineRoute } from '../route';

/** What anyone may ask, signed in or not: the site's settings, its figures, help and support. */
export const generalApi = {
  config: defineRoute<{ response: SuccessResponse<PublicConfig> }>()('GET', '/api/general/config'),
  quickStats: defineRoute<{ response: SuccessResponse<QuickStats> }>()(
    'GET',
    '/api/general/stats/quick',
  ),
  chat: defineRoute<{ body: ChatBody; response: SuccessResponse<ChatAnswer> }>()(
    'POST',
    '/api/chat',
  ),
  contact: defineRoute<{ body: ContactBody; response: MessageResponse }>()(
    'POST',
    '/api/support/contact',
  ),
  feedback: defineRoute<{ body: FeedbackBody; response: MessageResponse }>()(
    'POST',
    '/api/support/feedback',
  ),
} as const;
