import { usePlayer } from '@/lib/player/player-store';

/**
 * Moves within the current song by `seconds` (back when negative), kept between its start and
 * its end; the keyboard's arrows and the lock screen's seek buttons use it.
 */
export function seekBy(seconds: number): void {
  const { current, position, duration } = usePlayer.getState();
  if (!current) return;
  const length = duration || current.duration || 0;
  const target = Math.max(0, position + seconds);
  usePlayer.getState().seek(length > 0 ? Math.min(length, target) : target);
}

/** Turns the volume up or down by `step` (unmuting, as the slider does). */
export function changeVolume(step: number): void {
  const { volume, muted } = usePlayer.getState();
  // Up from muted starts from silence, as the listener hears it.
  const heard = muted ? 0 : volume;
  usePlayer.getState().setVolume(Math.round((heard + step) * 100) / 100);
}
