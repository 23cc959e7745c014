import {
  DEFAULT_PLAYER_SETTINGS,
  playerSettingsSchema,
  type PlayerSettings,
} from '@cadenza/contract/player-settings';
import type { PlayerSettingsRepository } from './player-settings.repository';

/** How each listener wants songs to sound, the same in every browser they sign in to. */
export class PlayerSettingsService {
  constructor(private readonly settings: PlayerSettingsRepository) {}

  /**
   * The listener's settings; the defaults for what they never saved. Settings saved before a
   * field existed get its default; a stored document that no longer fits the rules is ignored
   * whole rather than played with.
   */
  async get(userId: string): Promise<PlayerSettings> {
    const stored = await this.settings.find(userId);
    if (stored === null || typeof stored !== 'object') return DEFAULT_PLAYER_SETTINGS;
    const parsed = playerSettingsSchema.safeParse({ ...DEFAULT_PLAYER_SETTINGS, ...stored });
    return parsed.success ? parsed.data : DEFAULT_PLAYER_SETTINGS;
  }

  /** Replaces the listener's settings (checked by the route's schema) and answers them. */
  async save(userId: string, settings: PlayerSettings): Promise<PlayerSettings> {
    await this.settings.save(userId, settings);
    return settings;
  }
}
