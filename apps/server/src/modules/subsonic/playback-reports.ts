/** The states an app reports a song's playback in (OpenSubsonic's `playbackReport`). */
export const PLAYBACK_STATES = ['starting', 'playing', 'paused', 'stopped'] as const;
export type PlaybackState = (typeof PLAYBACK_STATES)[number];

/** A play counts once heard this far: half the song, or four minutes of a longer one. */
const COUNTED_AFTER_MS = 4 * 60_000;
/** Playbacks followed at once, at most: the oldest is forgotten past this. */
const MAX_FOLLOWED = 10_000;

/**
 * Follows the playbacks apps report with `reportPlayback`, one per listener and app, to count
 * each as a play once: when it stops far enough in. A playback starts with `starting` (even of
 * the same song again) or the first report of it; it ends with `stopped`, and a stop of nothing
 * followed counts nothing. Kept in this process: an app's reports of one playback reach one node
 * in the common setups, and a lost report loses a play at most, never counts one twice.
 */
export class PlaybackReports {
  /** The song each listener's app is playing, by `key`, oldest first. */
  private readonly followed = new Map<string, string>();

  /** Whether this report completes a play to count now. */
  report(
    key: string,
    songId: string,
    state: PlaybackState,
    positionMs: number,
    durationMs: number,
  ): boolean {
    const followed = this.followed.get(key) === songId;
    if (state === 'stopped') {
      // A stop of a playback never followed (or already stopped) counts nothing.
      if (!followed) return false;
      this.followed.delete(key);
      return positionMs >= Math.min(durationMs / 2, COUNTED_AFTER_MS);
    }
    if (state === 'starting' || !followed) this.follow(key, songId);
    return false;
  }

  private follow(key: string, songId: string): void {
    this.followed.delete(key);
    this.followed.set(key, songId);
    if (this.followed.size > MAX_FOLLOWED) {
      const oldest = this.followed.keys().next().value;
      if (oldest !== undefined) this.followed.delete(oldest);
    }
  }
}
