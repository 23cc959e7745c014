import { apiClient } from '@/lib/api-client';

/** POST /api/user/songs/:id/play. A failure is only logged (SPEC.md §8, DESIGN.md §10.9). */
export async function recordPlay(songId: string): Promise<void> {
  try {
    await apiClient.post(`/user/songs/${encodeURIComponent(songId)}/play`);
  } catch (error) {
    console.debug('Could not record the play', error);
  }
}
