import { songApi } from '@cadenza/contract/routes/songs';
import { songKeys } from '@/api/query-keys';
import { useSongMarkToggle } from '@/api/songs/song-mark-mutation';
import { call } from '@/lib/route-call';

/** PUT /api/user/songs/:id/like: the answer says whether the song is now liked. */
export async function toggleLike(songId: string): Promise<boolean> {
  const payload = await call(songApi.toggleLike, { params: { id: songId } });
  return payload.liked;
}

/** Likes or unlikes a song: the heart flips at once and flips back if the server refuses. */
export function useToggleLike() {
  return useSongMarkToggle('liked', toggleLike, songKeys.liked());
}
