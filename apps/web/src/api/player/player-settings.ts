import type { PlayerSettings } from '@cadenza/contract/player-settings';
import { playerApi } from '@cadenza/contract/routes/player';
import { call } from '@/lib/route-call';

/** GET /api/user/player-settings: the account's playback settings (the defaults if never saved). */
export async function getPlayerSettings(signal?: AbortSignal): Promise<PlayerSettings> {
  return (await call(playerApi.settings, { signal })).data;
}

/** PUT /api/user/player-settings: replaces every setting of the account. */
export async function savePlayerSettings(settings: PlayerSettings): Promise<PlayerSettings> {
  return (await call(playerApi.saveSettings, { body: settings })).data;
}
