import { adminSongApi } from '@cadenza/contract/routes/songs';
import type { SongFileDetails } from '@cadenza/contract/song-form';
import { call } from '@/lib/route-call';

/** POST /api/admin/songs/inspect: what an audio file's tags would fill in; stores nothing. */
export async function inspectSongFile(audioFile: File): Promise<SongFileDetails> {
  const form = new FormData();
  form.append('audioFile', audioFile);
  return (await call(adminSongApi.inspect, { body: form })).data;
}
