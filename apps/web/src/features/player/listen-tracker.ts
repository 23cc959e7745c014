import {
  secondsBeforeScrobbling,
  SHORTEST_SCROBBLED_SECONDS,
} from '@cadenza/contract/scrobble-rule';

/** The longest step of the clock between two progress reports that still counts as listening. */
const LONGEST_STEP_SECONDS = 2;

/** A song being listened to: what the report names, and how long it is. */
export interface TrackedSong {
  readonly _id: string;
  /** Seconds. */
  readonly duration: number;
}

export type ListenReport = (songId: string, startedAt: Date, listenedSeconds: number) => void;

/**
 * Counts how much of the current song was really heard (seeking ahead counts for nothing) and
 * reports the listen once, when half of it or 4 minutes was heard (ListenBrainz's and Last.fm's
 * rule); a song under 30 seconds is never reported. Each start of a song is a listen of its own.
 */
export class ListenTracker {
  private song: TrackedSong | null = null;
  private startedAt = new Date(0);
  private heard = 0;
  private lastPosition: number | null = null;
  private reported = false;

  constructor(
    private readonly report: ListenReport,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A song started from its beginning. */
  start(song: TrackedSong): void {
    this.song = song;
    this.startedAt = this.now();
    this.heard = 0;
    this.lastPosition = null;
    this.reported = false;
  }

  /** The audio of `songId` is at `position` seconds (the element's time updates). */
  progress(songId: string, position: number): void {
    const song = this.song;
    if (!song || song._id !== songId || this.reported) return;
    const step = this.lastPosition === null ? 0 : position - this.lastPosition;
    this.lastPosition = position;
    if (step > 0 && step <= LONGEST_STEP_SECONDS) this.heard += step;
    if (song.duration < SHORTEST_SCROBBLED_SECONDS) return;
    if (this.heard >= secondsBeforeScrobbling(song.duration)) {
      this.reported = true;
      this.report(song._id, this.startedAt, this.heard);
    }
  }
}
