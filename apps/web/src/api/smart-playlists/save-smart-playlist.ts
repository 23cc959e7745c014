import { smartPlaylistApi } from '@cadenza/contract/routes/smart-playlists';
import type { SmartGroup, SmartPlaylist, SmartSort } from '@cadenza/contract/smart-playlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** Everything the editor saves: the details, as ordinary playlists have them, and the criteria. */
export interface SmartPlaylistInput {
  name: string;
  description: string;
  isPublic: boolean;
  rules: SmartGroup;
  sort: SmartSort;
  limit: number | null;
}

function bodyOf(input: SmartPlaylistInput) {
  return { ...input, name: input.name.trim(), description: input.description.trim() };
}

/** POST /api/user/smart-playlists */
export async function createSmartPlaylist(input: SmartPlaylistInput): Promise<SmartPlaylist> {
  return (await call(smartPlaylistApi.create, { body: bodyOf(input) })).data;
}

/** PATCH /api/user/smart-playlists/:id with every field, as the editor shows them all. */
export async function updateSmartPlaylist({
  id,
  ...input
}: SmartPlaylistInput & { id: string }): Promise<SmartPlaylist> {
  return (await call(smartPlaylistApi.update, { params: { id }, body: bodyOf(input) })).data;
}

/** Creates the smart playlist, or saves it when it has an id; either way every list refreshes. */
export function useSaveSmartPlaylist(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SmartPlaylistInput) =>
      id === null ? createSmartPlaylist(input) : updateSmartPlaylist({ ...input, id }),
    onSuccess: (saved) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playlistKeys.detail(saved._id) }),
        queryClient.invalidateQueries({ queryKey: playlistKeys.lists() }),
      ]),
  });
}
