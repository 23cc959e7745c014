import { songApi } from '@cadenza/contract/routes/songs';
import { songKeys } from '@/api/query-keys';
import { useSongMarkToggle } from '@/api/songs/song-mark-mutation';
import { call } from '@/lib/route-call';

/** PUT /api/user/songs/:id/save: saves a song, or unsaves it when already saved. */
export async function toggleSave(songId: string): Promise<boolean> {
  const payload = await call(songApi.toggleSave, { params: { id: songId } });
  return payload.saved;
}

/** Saves or unsaves a song: its saved mark flips at once and back if the server refuses. */
export function useToggleSave() {
  return useSongMarkToggle('saved', toggleSave, songKeys.saved());
}
