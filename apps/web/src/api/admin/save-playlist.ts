import { adminPlaylistApi } from '@cadenza/contract/routes/playlists';
import type { AdminPlaylistForm } from '@cadenza/contract/admin';
import type { Playlist } from '@cadenza/contract/playlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCatalogue } from '@/api/query-keys';
import { ApiError } from '@/lib/api-client';
import { call } from '@/lib/route-call';
import { uploadTo, type UploadProgress } from '@/lib/upload-with-progress';

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

/** Adds a song to an admin playlist; one another admin added meanwhile is already where we want it. */
async function addSong(playlistId: string, songId: string): Promise<void> {
  try {
    await call(adminPlaylistApi.addSong, { params: { playlistId, songId } });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'song_already_in_playlist') return;
    throw error;
  }
}

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
    const created = await uploadTo(adminPlaylistApi.create, { body: form, onProgress });
    return created.data;
  }
  const updated = await uploadTo(adminPlaylistApi.update, {
    params: { id: playlistId },
    body: form,
    onProgress,
  });
  const wanted = new Set(songIds);
  const current = new Set(currentSongIds);
  for (const songId of currentSongIds) {
    if (!wanted.has(songId)) {
      await call(adminPlaylistApi.removeSong, { params: { playlistId, songId } });
    }
  }
  for (const songId of songIds) {
    if (!current.has(songId)) await addSong(playlistId, songId);
  }
  return updated.data;
}

export function useSavePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlaylist,
    // Also after a partial failure: the playlist itself may have changed.
    onSettled: () => invalidateCatalogue(queryClient),
  });
}
