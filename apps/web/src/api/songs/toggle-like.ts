import type { Profile } from '@cadenza/contract/profile';
import type { LikeToggleResponse, Song } from '@cadenza/contract/songs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, songKeys } from '@/api/query-keys';
import { apiClient } from '@/lib/api-client';

/** PUT /api/user/songs/:id/like: the answer says whether the song is now liked. */
export async function toggleLike(songId: string): Promise<boolean> {
  const payload = await apiClient.put<LikeToggleResponse>(
    `/user/songs/${encodeURIComponent(songId)}/like`,
  );
  return payload.liked;
}

/** Likes or unlikes a song and puts the profile's liked list in step with the answer. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (song: Song) => toggleLike(song._id),
    onSuccess: (liked, song) => {
      queryClient.setQueryData<Profile>(profileKeys.me(), (profile) => {
        if (!profile) return profile;
        const others = profile.likedSongs.filter((item) => item._id !== song._id);
        return { ...profile, likedSongs: liked ? [song, ...others] : others };
      });
      void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
      void queryClient.invalidateQueries({ queryKey: songKeys.liked() });
    },
  });
}
