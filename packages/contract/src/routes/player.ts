import type { SuccessResponse } from '../envelope';
import type { PlayQueue, PlayQueueStamp, SavePlayQueueBody } from '../play-queue';
import type { PlayerSettings } from '../player-settings';
import { defineRoute } from '../route';

/** What follows the listener from one browser or app to another (docs/product.md §4). */
export const playerApi = {
  settings: defineRoute<{ response: SuccessResponse<PlayerSettings> }>()(
    'GET',
    '/api/user/player-settings',
  ),
  saveSettings: defineRoute<{
    body: PlayerSettings;
    response: SuccessResponse<PlayerSettings>;
  }>()('PUT', '/api/user/player-settings'),
  queue: defineRoute<{ response: SuccessResponse<PlayQueue | null> }>()(
    'GET',
    '/api/user/play-queue',
  ),
  saveQueue: defineRoute<{
    body: SavePlayQueueBody;
    response: SuccessResponse<PlayQueueStamp | null>;
  }>()('PUT', '/api/user/play-queue'),
} as const;
