import { readLyricsText } from '../../domain/lyrics-text';
import type { LyricsRecord } from '../lyrics/lyrics-record';

/** One OpenSubsonic `structuredLyrics` entry's own fields (the display names are the song's). */
export interface StructuredLyrics {
  readonly lang: string;
  readonly synced: boolean;
  /** The LRC offset in ms (positive: sooner), for the client to apply: the lines keep their times. */
  readonly offset: number;
  readonly line: ReadonlyArray<{ readonly start?: number; readonly value: string }>;
}

/** Kept lyrics as OpenSubsonic's `songLyrics` extension answers them, synced ones first. */
export function structuredLyricsOf(all: readonly LyricsRecord[]): StructuredLyrics[] {
  const answers = all.map((lyrics) => {
    const read = readLyricsText(lyrics.text);
    return {
      lang: lyrics.language ?? 'xxx',
      synced: read.synced,
      offset: read.offsetMs,
      line: read.lines.map((line) =>
        line.start === null ? { value: line.value } : { start: line.start, value: line.value },
      ),
    };
  });
  return answers.sort((a, b) => Number(b.synced) - Number(a.synced));
}

/** The text of the lyrics a player shows, as plain lines: what `getLyrics` answers. */
export function plainLyricsText(lyrics: LyricsRecord): string {
  return readLyricsText(lyrics.text)
    .lines.map((line) => line.value)
    .join('\n');
}
