// The player settings' ranges and defaults as plain values, apart from the schema that enforces
// them (player-settings.ts): the web player reads them without downloading zod.
import type { PlayerSettings } from './player-settings';

/** The ten bands of the equaliser, in Hz. */
export const EQUALISER_BANDS_HZ = [31, 62, 125, 250, 500, 1000, 2000, 4000, 8000, 16000] as const;
/** The most an equaliser band raises or lowers, in dB. */
export const EQUALISER_LIMIT_DB = 12;
/** The longest crossfade, in seconds (0 is off). */
export const CROSSFADE_MAX_SECONDS = 12;
/** The most ReplayGain's pre-amp and fallback raise or lower, in dB. */
export const REPLAY_GAIN_LIMIT_DB = 15;

export const REPLAY_GAIN_MODES = ['off', 'track', 'album', 'auto'] as const;
/** How ReplayGain levels songs: not at all, by each track, by its album, or by what is playing. */
export type ReplayGainMode = (typeof REPLAY_GAIN_MODES)[number];

/** What an account that never saved its settings plays with. */
export const DEFAULT_PLAYER_SETTINGS: PlayerSettings = {
  crossfadeSeconds: 0,
  replayGainMode: 'off',
  replayGainPreamp: 0,
  replayGainFallback: -6,
  preventClipping: true,
  equaliserEnabled: false,
  equaliserGains: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  customPresets: [],
  volume: 0.8,
  streamingQuality: 'original',
  cellularStreamingQuality: 'normal',
};
