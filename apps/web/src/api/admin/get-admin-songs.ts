import { adminSongApi } from '@cadenza/contract/routes/songs';
import type { Song } from '@cadenza/contract/songs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { adminListQueryOptions } from './admin-list';

export const adminSongsQueryOptions = adminListQueryOptions<Song>(
  songKeys.adminList(),
  adminSongApi.list,
);

/** GET /api/admin/songs: the whole library, newest first. */
export function useAdminSongs(enabled = true) {
  return useInfiniteQuery({ ...adminSongsQueryOptions, enabled });
}
