import { adminApi } from '@cadenza/contract/routes/admin';
import type { FeedbackEntry } from '@cadenza/contract/support';
import { useInfiniteQuery } from '@tanstack/react-query';
import { supportKeys } from '@/api/query-keys';
import { adminListQueryOptions } from './admin-list';

export const feedbackEntriesQueryOptions = adminListQueryOptions<FeedbackEntry>(
  supportKeys.feedback(),
  adminApi.feedback,
);

/** GET /api/admin/feedback: feedback answers, newest first. */
export function useFeedbackEntries() {
  return useInfiniteQuery(feedbackEntriesQueryOptions);
}
