import type {
  HistoryImport,
  HistorySource,
  UnmatchedListen,
} from '@cadenza/contract/listening-history';

/** What the fake server makes of the next history file it is sent. */
export interface FakeImportOutcome {
  total: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  skipped: number;
}

/** Listening history imports on the fake server. */
export interface FakeHistory {
  imports: (HistoryImport & { userId: string })[];
  /** The unmatched listens, newest first. */
  unmatched: (UnmatchedListen & { userId: string })[];
  /** The next file's outcome; each progress read moves a running import halfway on. */
  nextOutcome: FakeImportOutcome;
  /** The source and file name of each file sent, in order. */
  files: { source: HistorySource; name: string }[];
}

export function emptyHistory(): FakeHistory {
  return {
    imports: [],
    unmatched: [],
    nextOutcome: { total: 4, matched: 3, unmatched: 1, duplicates: 0, skipped: 0 },
    files: [],
  };
}
