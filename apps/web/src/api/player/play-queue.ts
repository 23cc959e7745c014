import type { PlayQueue, PlayQueueStamp, SavePlayQueueBody } from '@cadenza/contract/play-queue';
import { playerApi } from '@cadenza/contract/routes/player';
import { call } from '@/lib/route-call';

/** GET /api/user/play-queue: the queue saved by this or another browser or an app; null if none. */
export async function getPlayQueue(signal?: AbortSignal): Promise<PlayQueue | null> {
  return (await call(playerApi.queue, { signal })).data;
}

/** PUT /api/user/play-queue: replaces the saved queue; answers when and by what it was saved. */
export async function savePlayQueue(body: SavePlayQueueBody): Promise<PlayQueueStamp | null> {
  return (await call(playerApi.saveQueue, { body })).data;
}
