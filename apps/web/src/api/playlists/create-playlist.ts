import { playlistApi } from '@cadenza/contract/routes/playlists';
import type { Playlist } from '@cadenza/contract/playlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

export interface CreatePlaylistInput {
  name: string;
  description: string;
  isPublic: boolean;
  coverImage: File | null;
}

/** POST /api/user/playlists as multipart: name, description, isPublic 'true'|'false', cover. */
export async function createPlaylist(input: CreatePlaylistInput): Promise<Playlist> {
  const form = new FormData();
  form.set('name', input.name.trim());
  form.set('description', input.description.trim());
  form.set('isPublic', input.isPublic ? 'true' : 'false');
  if (input.coverImage) form.set('coverImage', input.coverImage);
  return (await call(playlistApi.create, { body: form })).data;
}

export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlaylist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playlistKeys.lists() }),
  });
}
