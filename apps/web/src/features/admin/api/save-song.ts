import type { SongFileDetails, SongForm } from '@cadenza/contract/song-form';
import type { Song } from '@cadenza/contract/songs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { uploadWithProgress, type UploadProgress } from '@/lib/upload-with-progress';
import { invalidateLibrary } from './admin-keys';

export interface SaveSongInput {
  /** Absent when adding a song. */
  songId?: string;
  values: SongForm;
  /** Required when adding; when editing, absent keeps the current file. */
  audioFile: File | null;
  coverImage: File | null;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /api/admin/songs or PUT /api/admin/songs/{id}, multipart, reporting bytes sent. */
export async function saveSong({
  songId,
  values,
  audioFile,
  coverImage,
  onProgress,
}: SaveSongInput): Promise<Song> {
  const form = new FormData();
  form.append('title', values.title);
  form.append('artist', values.artist);
  form.append('album', values.album);
  form.append('genre', values.genre);
  form.append('releaseYear', String(values.releaseYear));
  form.append('duration', String(values.duration));
  // Text fields first: the server reads them before it streams the files to storage.
  if (coverImage) form.append('coverImage', coverImage);
  if (audioFile) form.append('audioFile', audioFile);
  const path = songId ? `/admin/songs/${encodeURIComponent(songId)}` : '/admin/songs';
  const answer = await uploadWithProgress<{ data: Song }>(path, form, {
    method: songId ? 'PUT' : 'POST',
    onProgress,
  });
  return answer.data;
}

export function useSaveSong() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSong, onSuccess: () => invalidateLibrary(queryClient) });
}

/** POST /api/admin/songs/inspect: what an audio file's tags would fill in; stores nothing. */
export async function inspectSongFile(audioFile: File): Promise<SongFileDetails> {
  const form = new FormData();
  form.append('audioFile', audioFile);
  return (await apiClient.post<{ data: SongFileDetails }>('/admin/songs/inspect', form)).data;
}
