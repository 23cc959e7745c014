import type { AdminPlaylistForm } from '@cadenza/contract/admin';
import type { Playlist, PlaylistWithSongs } from '@cadenza/contract/playlists';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload-with-progress';
import { adminKeys, invalidateLibrary } from './admin-keys';
import { adminListQueryOptions } from './admin-page';

/** GET /api/admin/playlists: the playlists administrators made, newest first. */
export function useAdminPlaylists() {
  return useInfiniteQuery(
    adminListQueryOptions<Playlist>(adminKeys.playlists(), '/admin/playlists'),
  );
}

/** GET /api/admin/playlists/{id}: one playlist with its songs, for the edit dialog. */
export function adminPlaylistQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.playlist(id),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<{ data: PlaylistWithSongs }>(
          `/admin/playlists/${encodeURIComponent(id)}`,
          { signal },
        )
      ).data,
  });
}

export function useAdminPlaylist(id: string | null) {
  return useQuery({ ...adminPlaylistQueryOptions(id ?? ''), enabled: id !== null });
}

export interface SavePlaylistInput {
  /** Absent when creating. */
  playlistId?: string;
  values: AdminPlaylistForm;
  coverImage: File | null;
  /** The songs the playlist should hold, in order. */
  songIds: string[];
  /** The songs it holds now (empty when creating). */
  currentSongIds: string[];
  onProgress?: (progress: UploadProgress) => void;
}

function playlistForm(values: AdminPlaylistForm, coverImage: File | null): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('isDefault', String(values.isDefault));
  form.append('isPublic', String(values.isPublic));
  if (coverImage) form.append('coverImage', coverImage);
  return form;
}

const songPath = (playlistId: string, songId: string) =>
  `/admin/playlists/${encodeURIComponent(playlistId)}/songs/${encodeURIComponent(songId)}`;

/**
 * Create: POST /api/admin/playlists with the chosen songs as repeated `songs` fields (one
 * request, all or nothing). Edit: PUT /api/admin/playlists/{id} without the song list, then one
 * PUT per added song (in order) and one DELETE per removed song.
 */
export async function savePlaylist({
  playlistId,
  values,
  coverImage,
  songIds,
  currentSongIds,
  onProgress,
}: SavePlaylistInput): Promise<Playlist> {
  const form = playlistForm(values, coverImage);
  if (!playlistId) {
    for (const songId of songIds) form.append('songs', songId);
    const created = await uploadWithProgress<{ data: Playlist }>('/admin/playlists', form, {
      onProgress,
    });
    return created.data;
  }
  const updated = await uploadWithProgress<{ data: Playlist }>(
    `/admin/playlists/${encodeURIComponent(playlistId)}`,
    form,
    { method: 'PUT', onProgress },
  );
  const wanted = new Set(songIds);
  const current = new Set(currentSongIds);
  for (const songId of currentSongIds) {
    if (!wanted.has(songId)) await apiClient.delete(songPath(playlistId, songId));
  }
  for (const songId of songIds) {
    if (!current.has(songId)) await apiClient.put(songPath(playlistId, songId));
  }
  return updated.data;
}

export function useSavePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlaylist,
    // Also after a partial failure: the playlist itself may have changed.
    onSettled: () => invalidateLibrary(queryClient),
  });
}

/** DELETE /api/admin/playlists/{id} (its songs stay in the library). */
export function deletePlaylist(id: string): Promise<unknown> {
  return apiClient.delete(`/admin/playlists/${encodeURIComponent(id)}`);
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: () => invalidateLibrary(queryClient),
  });
}
