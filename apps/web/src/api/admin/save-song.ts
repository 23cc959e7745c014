import { adminSongApi } from '@cadenza/contract/routes/songs';
import type { SongForm } from '@cadenza/contract/song-form';
import type { Song } from '@cadenza/contract/songs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCatalogue } from '@/api/query-keys';
import { uploadTo, type UploadProgress } from '@/lib/upload-with-progress';

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
  const answer = songId
    ? await uploadTo(adminSongApi.update, { params: { id: songId }, body: form, onProgress })
    : await uploadTo(adminSongApi.create, { body: form, onProgress });
  return answer.data;
}

export function useSaveSong() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSong, onSuccess: () => invalidateCatalogue(queryClient) });
}
