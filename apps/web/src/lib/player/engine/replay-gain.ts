import type { Song } from '@cadenza/contract/songs';
import type { PlaybackSettings } from '../playback-settings';

/** The settings that decide a song's level. */
export type GainSettings = Pick<
  PlaybackSettings,
  'replayGainMode' | 'replayGainPreamp' | 'replayGainFallback' | 'preventClipping'
>;

export function decibelsToGain(decibels: number): number {
  return 10 ** (decibels / 20);
}

/**
 * The linear gain a song plays at. `albumInOrder`: the song is heard as part of its album played
 * in order (what "auto" takes the album gain for). Songs without the gain the mode asks for fall
 * back to the other one, then to the fallback level; clipping prevention lowers the gain so that
 * the song's peak (linear, 1 = full scale) stays at or under full scale.
 */
export function replayGainFor(
  song: Pick<Song, 'replayGain'>,
  settings: GainSettings,
  albumInOrder: boolean,
): number {
  if (settings.replayGainMode === 'off') return 1;
  const { trackGain, trackPeak, albumGain, albumPeak } = song.replayGain;
  const useAlbum =
    settings.replayGainMode === 'album' || (settings.replayGainMode === 'auto' && albumInOrder);
  const choices = useAlbum
    ? [
        [albumGain, albumPeak],
        [trackGain, trackPeak],
      ]
    : [
        [trackGain, trackPeak],
        [albumGain, albumPeak],
      ];
  const found = choices.find(([gain]) => gain !== null && Number.isFinite(gain));
  if (!found) return decibelsToGain(settings.replayGainFallback + settings.replayGainPreamp);
  const [gainDb, peak] = found as [number, number | null];
  const gain = decibelsToGain(gainDb + settings.replayGainPreamp);
  if (settings.preventClipping && peak !== null && peak > 0 && gain * peak > 1) return 1 / peak;
  return gain;
}
