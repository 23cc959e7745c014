import { adminSongApi } from '@cadenza/contract/routes/songs';
import type { SongCredit } from '@cadenza/contract/song-catalogue-form';
import type { SongForm } from '@cadenza/contract/song-form';
import type { Song } from '@cadenza/contract/songs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCatalogue } from '@/api/query-keys';
import { uploadTo, type UploadProgress } from '@/lib/upload-with-progress';

/** What Edit Song's Catalogue section changed; each field absent stays as it is. */
export interface SongCatalogueChanges {
  trackNumber?: number;
  discNumber?: number;
  /** The song's artists in credit order, replacing its credits. */
  artists?: SongCredit[];
  /** LRC or plain text; empty removes every lyrics of the song. */
  lyrics?: string;
}

export interface SaveSongInput {
  /** Absent when adding a song. */
  songId?: string;
  values: SongForm;
  /** The song's tag genres; absent leaves them to the file's tags (adding) or as they are. */
  genres?: readonly string[];
  /** Editing only: the catalogue fields changed. */
  catalogue?: SongCatalogueChanges;
  /** Required when adding; when editing, absent keeps the current file. */
  audioFile: File | null;
  coverImage: File | null;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /api/admin/songs or PUT /api/admin/songs/{id}, multipart, reporting bytes sent. */
export async function saveSong({
  songId,
  values,
  genres,
  catalogue = {},
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
  // One field holding the list as JSON: an empty list says "no genres", and a form keeps few fields.
  if (genres) form.append('genres', JSON.stringify(genres));
  if (catalogue.trackNumber !== undefined)
    form.append('trackNumber', String(catalogue.trackNumber));
  if (catalogue.discNumber !== undefined) form.append('discNumber', String(catalogue.discNumber));
  if (catalogue.artists) form.append('artists', JSON.stringify(catalogue.artists));
  if (catalogue.lyrics !== undefined) form.append('lyrics', catalogue.lyrics);
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
