import { playlistApi } from '@cadenza/contract/routes/playlists';
import type { Playlist } from '@cadenza/contract/playlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

export interface UpdatePlaylistInput {
  id: string;
  name: string;
  description: string;
  isPublic: boolean;
  /** A new cover file, 'remove' to drop the uploaded one, or null to keep it. */
  cover: File | 'remove' | null;
}

/** PATCH /api/user/playlists/:id as multipart: name, description, isPublic, cover or removeCover. */
export async function updatePlaylist(input: UpdatePlaylistInput): Promise<Playlist> {
  const form = new FormData();
  form.set('name', input.name.trim());
  form.set('description', input.description.trim());
  form.set('isPublic', input.isPublic ? 'true' : 'false');
  if (input.cover === 'remove') form.set('removeCover', 'true');
  else if (input.cover) form.set('coverImage', input.cover);
  return (await call(playlistApi.update, { params: { id: input.id }, body: form })).data;
}

export function useUpdatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlaylist,
    onSuccess: (_, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playlistKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: playlistKeys.lists() }),
      ]),
  });
}
