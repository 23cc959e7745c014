import type { LyricsSource } from '@cadenza/contract/lyrics';

/** One lyrics of a song as kept: LRC or plain text, with where it came from. */
export interface LyricsRecord {
  readonly songId: string;
  readonly source: LyricsSource;
  readonly language: string | null;
  readonly text: string;
}
