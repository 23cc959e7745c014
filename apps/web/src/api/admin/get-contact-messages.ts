import { adminApi } from '@cadenza/contract/routes/admin';
import type { ContactMessage } from '@cadenza/contract/support';
import { useInfiniteQuery } from '@tanstack/react-query';
import { supportKeys } from '@/api/query-keys';
import { adminListQueryOptions } from './admin-list';

export const contactMessagesQueryOptions = adminListQueryOptions<ContactMessage>(
  supportKeys.contactMessages(),
  adminApi.contactMessages,
);

/** GET /api/admin/messages: contact messages, newest first. */
export function useContactMessages() {
  return useInfiniteQuery(contactMessagesQueryOptions);
}
