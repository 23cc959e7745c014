import type { Song } from '@cadenza/contract/songs';
import { continuesAlbum } from './album-order';

/** A manual skip fades the song it leaves over this long instead of cutting it. */
export const SKIP_FADE_SECONDS = 0.2;
/** Stopping or handing a song from the element to the decoded buffer: short enough to not hear. */
export const SHORT_FADE_SECONDS = 0.03;

/**
 * The least time ahead of the graph's clock a voice is scheduled: the graph may render a quantum
 * between reading its clock and taking the new source, and a start in the past comes late.
 */
export const SCHEDULE_MARGIN_SECONDS = 0.02;

type Placed = Pick<Song, 'albumId' | 'trackNumber' | 'discNumber'>;

/**
 * Seconds the next song overlaps the end of the current one. None when crossfade is off, when
 * the next song continues the album in order (the album stays gapless), or when either song is
 * too short to hold the fade (a fade takes at most half of each).
 */
export function crossfadeSeconds(
  current: Placed,
  currentSeconds: number,
  next: Placed,
  nextSeconds: number,
  chosenSeconds: number,
): number {
  if (chosenSeconds <= 0 || continuesAlbum(current, next)) return 0;
  return Math.max(0, Math.min(chosenSeconds, currentSeconds / 2, nextSeconds / 2));
}

/**
 * An equal-power fade in `points` steps: the gains of a fade in rise as sin, a fade out falls as
 * cos, so that the two together keep the loudness constant (in² + out² = 1).
 */
export function equalPowerCurve(points: number, direction: 'in' | 'out'): Float32Array {
  const curve = new Float32Array(points);
  for (let index = 0; index < points; index += 1) {
    const progress = points === 1 ? 1 : index / (points - 1);
    const angle = (progress * Math.PI) / 2;
    curve[index] = direction === 'in' ? Math.sin(angle) : Math.cos(angle);
  }
  return curve;
}

/**
 * When the next song's voice starts, and how long it overlaps the current one, for a current
 * voice whose last sample sounds at `endsAt` on the graph's clock (now `now`), with `overlap`
 * seconds of crossfade wanted. The next song joins the current one's last sample exactly
 * whenever that is still ahead, even by a few milliseconds (a song decoded late, on a busy
 * machine): later than that it starts as soon as the graph can take it, not after the player has
 * moved on.
 */
export function followerStart(
  endsAt: number,
  now: number,
  overlap: number,
): { at: number; overlap: number } {
  const earliest = now + SCHEDULE_MARGIN_SECONDS;
  const fade = Math.max(0, Math.min(overlap, endsAt - earliest));
  return { at: Math.max(endsAt - fade, earliest), overlap: fade };
}
