import { z } from 'zod';
import { MAX_OWN_PRESETS, MAX_PRESET_NAME_LENGTH } from './limits';
import {
  CROSSFADE_MAX_SECONDS,
  EQUALISER_BANDS_HZ,
  EQUALISER_LIMIT_DB,
  REPLAY_GAIN_LIMIT_DB,
  REPLAY_GAIN_MODES,
} from './player-settings-values';
import { STREAMING_QUALITIES } from './streaming-quality';
import { plainText } from './validation';

export {
  CROSSFADE_MAX_SECONDS,
  DEFAULT_PLAYER_SETTINGS,
  EQUALISER_BANDS_HZ,
  EQUALISER_LIMIT_DB,
  REPLAY_GAIN_LIMIT_DB,
  REPLAY_GAIN_MODES,
} from './player-settings-values';
export { MAX_OWN_PRESETS, MAX_PRESET_NAME_LENGTH };

export const playerSettingsMessages = {
  crossfade: `Crossfade must be a whole number of seconds from 0 (off) to ${CROSSFADE_MAX_SECONDS}`,
  replayGainMode: 'ReplayGain must be off, track, album or auto',
  preamp: `The ReplayGain pre-amp must be between -${REPLAY_GAIN_LIMIT_DB} and ${REPLAY_GAIN_LIMIT_DB} dB`,
  fallback: `The gain for songs without ReplayGain must be between -${REPLAY_GAIN_LIMIT_DB} and ${REPLAY_GAIN_LIMIT_DB} dB`,
  bands: `The equaliser takes ${EQUALISER_BANDS_HZ.length} gains, one per band`,
  gain: `An equaliser band must be between -${EQUALISER_LIMIT_DB} and ${EQUALISER_LIMIT_DB} dB`,
  presetName: 'Name the preset',
  presetNameTooLong: `A preset's name must be at most ${MAX_PRESET_NAME_LENGTH} characters`,
  tooManyPresets: `Keep at most ${MAX_OWN_PRESETS} presets of your own`,
  presetNamesUnique: 'Two of your presets have the same name',
  volume: 'Volume must be between 0 and 1',
  flag: 'Must be true or false',
  streamingQuality: 'Streaming quality must be original, high, normal or dataSaver',
} as const;

const m = playerSettingsMessages;

const decibels = (limit: number, message: string) =>
  z.number({ error: message }).min(-limit, message).max(limit, message);

const bandGains = z
  .array(decibels(EQUALISER_LIMIT_DB, m.gain), { error: m.bands })
  .length(EQUALISER_BANDS_HZ.length, m.bands);

export const equaliserPresetSchema = z.object({
  name: plainText('Preset name', { error: m.presetName })
    .trim()
    .min(1, m.presetName)
    .max(MAX_PRESET_NAME_LENGTH, m.presetNameTooLong),
  gains: bandGains,
});
export type EqualiserPresetBody = z.infer<typeof equaliserPresetSchema>;

/**
 * How a listener wants songs to sound, kept per account so that it follows them to every
 * browser: crossfade, ReplayGain, the equaliser with their own presets, and the volume.
 */
export const playerSettingsSchema = z.object({
  crossfadeSeconds: z
    .number({ error: m.crossfade })
    .int(m.crossfade)
    .min(0, m.crossfade)
    .max(CROSSFADE_MAX_SECONDS, m.crossfade),
  replayGainMode: z.enum(REPLAY_GAIN_MODES, { error: m.replayGainMode }),
  replayGainPreamp: decibels(REPLAY_GAIN_LIMIT_DB, m.preamp),
  replayGainFallback: decibels(REPLAY_GAIN_LIMIT_DB, m.fallback),
  preventClipping: z.boolean({ error: m.flag }),
  equaliserEnabled: z.boolean({ error: m.flag }),
  equaliserGains: bandGains,
  customPresets: z
    .array(equaliserPresetSchema)
    .max(MAX_OWN_PRESETS, m.tooManyPresets)
    .refine(
      (presets) => new Set(presets.map((preset) => preset.name)).size === presets.length,
      m.presetNamesUnique,
    ),
  /** 0 (silent) to 1 (full). */
  volume: z.number({ error: m.volume }).min(0, m.volume).max(1, m.volume),
  /** The most a stream may be, and the same when the browser reports a cellular connection. */
  streamingQuality: z.enum(STREAMING_QUALITIES, { error: m.streamingQuality }),
  cellularStreamingQuality: z.enum(STREAMING_QUALITIES, { error: m.streamingQuality }),
});
export type PlayerSettings = z.infer<typeof playerSettingsSchema>;
