import type { SongLyrics } from '@cadenza/contract/lyrics';
import { readLyricsText, withOffset } from '../../domain/lyrics-text';
import type { LyricsRecord } from './lyrics-record';

/** Lyrics as the web player shows them: lines read, the LRC offset applied to their times. */
export function presentLyrics(lyrics: LyricsRecord): SongLyrics {
  const read = readLyricsText(lyrics.text);
  return {
    songId: lyrics.songId,
    synced: read.synced,
    language: lyrics.language,
    offsetMs: read.offsetMs,
    source: lyrics.source,
    lines: withOffset(read).map((line) => ({
      start: line.start === null ? null : Math.round(line.start),
      value: line.value,
      ...(line.words ? { words: line.words.map((word) => ({ ...word })) } : {}),
    })),
  };
}
