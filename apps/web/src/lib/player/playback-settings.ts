import type { EqualiserPresetBody, PlayerSettings } from '@cadenza/contract/player-settings';
import {
  CROSSFADE_MAX_SECONDS,
  DEFAULT_PLAYER_SETTINGS,
  EQUALISER_BANDS_HZ,
  EQUALISER_LIMIT_DB,
  REPLAY_GAIN_LIMIT_DB,
} from '@cadenza/contract/player-settings-values';
import { create } from 'zustand';

export type { ReplayGainMode } from '@cadenza/contract/player-settings-values';
export { CROSSFADE_MAX_SECONDS, EQUALISER_LIMIT_DB };
/** The ten bands of the equaliser, in Hz. */
export const EQUALISER_BANDS = EQUALISER_BANDS_HZ;

/** A named set of band gains (dB, one per band of EQUALISER_BANDS). */
export type EqualiserPreset = EqualiserPresetBody;

export const BUILT_IN_PRESETS: readonly EqualiserPreset[] = [
  { name: 'Flat', gains: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
  { name: 'Bass boost', gains: [6, 5, 4, 2, 0, 0, 0, 0, 0, 0] },
  { name: 'Treble', gains: [0, 0, 0, 0, 0, 0, 2, 4, 5, 6] },
  { name: 'Vocal', gains: [-2, -2, -1, 1, 3, 4, 3, 1, 0, -1] },
  { name: 'Loudness', gains: [5, 4, 2, 0, -1, -1, 0, 2, 4, 5] },
];

/**
 * What the listener chose for how songs sound (crossfade, ReplayGain, the equaliser); it follows
 * the account to every browser. The volume, saved with it, lives in the player's store.
 */
export type PlaybackSettings = Omit<PlayerSettings, 'volume'>;

const { volume: _volume, ...defaults } = DEFAULT_PLAYER_SETTINGS;
export const DEFAULT_PLAYBACK_SETTINGS: PlaybackSettings = defaults;

interface PlaybackSettingsState {
  settings: PlaybackSettings;
  /** Changes some settings (clamped to their ranges). */
  update: (changes: Partial<PlaybackSettings>) => void;
  /** Replaces every setting, e.g. with the account's saved ones. */
  replace: (settings: PlaybackSettings) => void;
}

function clamp(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

/** Settings within their ranges: whatever a store or a server held, the engine gets sane values. */
export function normalisePlaybackSettings(settings: PlaybackSettings): PlaybackSettings {
  const gains = EQUALISER_BANDS.map((_, index) =>
    clamp(settings.equaliserGains[index] ?? 0, -EQUALISER_LIMIT_DB, EQUALISER_LIMIT_DB, 0),
  );
  return {
    ...settings,
    crossfadeSeconds: Math.round(clamp(settings.crossfadeSeconds, 0, CROSSFADE_MAX_SECONDS, 0)),
    replayGainPreamp: clamp(
      settings.replayGainPreamp,
      -REPLAY_GAIN_LIMIT_DB,
      REPLAY_GAIN_LIMIT_DB,
      0,
    ),
    replayGainFallback: clamp(
      settings.replayGainFallback,
      -REPLAY_GAIN_LIMIT_DB,
      REPLAY_GAIN_LIMIT_DB,
      DEFAULT_PLAYBACK_SETTINGS.replayGainFallback,
    ),
    equaliserGains: gains,
  };
}

export const usePlaybackSettings = create<PlaybackSettingsState>()((set, get) => ({
  settings: DEFAULT_PLAYBACK_SETTINGS,
  update: (changes) =>
    set({ settings: normalisePlaybackSettings({ ...get().settings, ...changes }) }),
  replace: (settings) => set({ settings: normalisePlaybackSettings(settings) }),
}));
