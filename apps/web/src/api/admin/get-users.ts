import { adminUserApi } from '@cadenza/contract/routes/admin';
import type { AdminUser } from '@cadenza/contract/accounts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { userKeys } from '@/api/query-keys';
import { adminListQueryOptions } from './admin-list';

export const adminUsersQueryOptions = adminListQueryOptions<AdminUser>(
  userKeys.adminList(),
  adminUserApi.list,
);

/** GET /api/admin/users: every account, newest first. */
export function useAdminUsers() {
  return useInfiniteQuery(adminUsersQueryOptions);
}
