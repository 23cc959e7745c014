/** What a listener's app said it is playing, and since when. */
export interface NowPlayingEntry {
  readonly userId: string;
  readonly userName: string;
  readonly songId: string;
  readonly client: string;
  /** Milliseconds since the epoch. */
  readonly since: number;
}

/** How long an app's "now playing" holds without a word from it: longer than most songs. */
const NOW_PLAYING_MS = 15 * 60_000;

/**
 * Who is listening to what now, as apps report it (`scrobble` with `submission=false`, or
 * `reportPlayback`). Kept in
 * this process only: it is a passing hint, gone after a while or a restart, never a play.
 */
export class NowPlaying {
  private readonly entries = new Map<string, NowPlayingEntry>();

  report(entry: NowPlayingEntry): void {
    this.entries.set(`${entry.userId}\u0000${entry.client}`, entry);
  }

  /** The app said it stopped: it plays nothing now. */
  stop(userId: string, client: string): void {
    this.entries.delete(`${userId}\u0000${client}`);
  }

  current(now = Date.now()): NowPlayingEntry[] {
    for (const [key, entry] of this.entries) {
      if (now - entry.since > NOW_PLAYING_MS) this.entries.delete(key);
    }
    return [...this.entries.values()].sort((a, b) => b.since - a.since);
  }
}
