import type { Profile } from '@cadenza/contract/profile';
import type { SaveToggleResponse, Song } from '@cadenza/contract/songs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** PUT /api/user/songs/:id/save: adds to the library, or removes when already there. */
export async function toggleSave(songId: string): Promise<boolean> {
  const payload = await apiClient.put<SaveToggleResponse>(
    `/user/songs/${encodeURIComponent(songId)}/save`,
  );
  return payload.saved;
}

export function useToggleSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (song: Song) => toggleSave(song._id),
    onSuccess: (saved, song) => {
      queryClient.setQueryData<Profile>(profileKeys.me(), (profile) => {
        if (!profile) return profile;
        const others = profile.savedSongs.filter((item) => item._id !== song._id);
        return { ...profile, savedSongs: saved ? [song, ...others] : others };
      });
      void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
    },
  });
}
