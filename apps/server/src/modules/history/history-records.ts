import type { HistorySource } from '@cadenza/contract/listening-history';

/** One play of a listener's history. */
export interface PlayRecord {
  /** The play's number, as text. */
  readonly id: string;
  readonly songId: string;
  /** ISO-8601 UTC. */
  readonly playedAt: string;
}

/** An import of a history file and how far it got. */
export interface HistoryImportRecord {
  readonly id: string;
  /** Whose history it brings. */
  readonly userId: string;
  readonly source: HistorySource;
  readonly status: 'running' | 'done' | 'failed';
  readonly total: number;
  readonly processed: number;
  readonly matched: number;
  readonly unmatched: number;
  readonly duplicates: number;
  readonly skipped: number;
  readonly createdAt: string;
  readonly finishedAt: string | null;
}

/** A listen of an import still to process. */
export interface StagedListen {
  readonly position: number;
  readonly playedAt: string;
  readonly artist: string;
  readonly title: string;
  readonly album: string | null;
}

/** A brought-along listen no song matched. */
export interface UnmatchedListenRecord {
  readonly id: string;
  readonly source: HistorySource;
  readonly playedAt: string;
  readonly artist: string;
  readonly title: string;
  readonly album: string | null;
}
