import type { ContactMessage, FeedbackEntry } from '@cadenza/contract/support';
import { useInfiniteQuery } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import { adminListQueryOptions } from './admin-page';

/** GET /api/admin/messages: contact messages, newest first. */
export function useContactMessages() {
  return useInfiniteQuery(
    adminListQueryOptions<ContactMessage>(adminKeys.messages(), '/admin/messages'),
  );
}

/** GET /api/admin/feedback: feedback answers, newest first. */
export function useFeedbackEntries() {
  return useInfiniteQuery(
    adminListQueryOptions<FeedbackEntry>(adminKeys.feedback(), '/admin/feedback'),
  );
}
