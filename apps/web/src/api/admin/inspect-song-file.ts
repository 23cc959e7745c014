import type { SongFileDetails } from '@cadenza/contract/song-form';
import { apiClient } from '@/lib/api-client';

/** POST /api/admin/songs/inspect: what an audio file's tags would fill in; stores nothing. */
export async function inspectSongFile(audioFile: File): Promise<SongFileDetails> {
  const form = new FormData();
  form.append('audioFile', audioFile);
  return (await apiClient.post<{ data: SongFileDetails }>('/admin/songs/inspect', form)).data;
}
