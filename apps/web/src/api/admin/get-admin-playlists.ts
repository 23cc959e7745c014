import { adminPlaylistApi } from '@cadenza/contract/routes/playlists';
import type { Playlist } from '@cadenza/contract/playlists';
import { useInfiniteQuery } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { adminListQueryOptions } from './admin-list';

export const adminPlaylistsQueryOptions = adminListQueryOptions<Playlist>(
  playlistKeys.adminList(),
  adminPlaylistApi.list,
);

/** GET /api/admin/playlists: the playlists administrators made, newest first. */
export function useAdminPlaylists() {
  return useInfiniteQuery(adminPlaylistsQueryOptions);
}
