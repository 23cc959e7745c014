import type { AlbumForm } from '@cadenza/contract/album-form';
import type { Album } from '@cadenza/contract/catalogue';
import { adminAlbumApi } from '@cadenza/contract/routes/admin-albums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCatalogue } from '@/api/query-keys';
import { uploadTo } from '@/lib/upload-with-progress';

export interface SaveAlbumInput {
  albumId: string;
  values: AlbumForm;
  /** A new cover; null keeps the album's. */
  coverImage: File | null;
}

/** PUT /api/admin/albums/{id}, multipart: the album's fields, its genres, and a new cover. */
export async function saveAlbum({ albumId, values, coverImage }: SaveAlbumInput): Promise<Album> {
  const form = new FormData();
  form.append('title', values.title);
  form.append('albumArtist', values.albumArtist);
  if (values.year !== null) form.append('year', String(values.year));
  form.append('genres', JSON.stringify(values.genres));
  // Text fields first: the server reads them before it streams the file to storage.
  if (coverImage) form.append('coverImage', coverImage);
  const answer = await uploadTo(adminAlbumApi.update, { params: { id: albumId }, body: form });
  return answer.data;
}

/** The album edit; every list of the catalogue is read again once it is saved. */
export function useSaveAlbum() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAlbum, onSuccess: () => invalidateCatalogue(queryClient) });
}
