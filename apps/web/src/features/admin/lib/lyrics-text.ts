import type { SongLyrics } from '@cadenza/contract/lyrics';

function two(value: number): string {
  return String(value).padStart(2, '0');
}

/** A time in ms as LRC writes it: `mm:ss.xx`. */
function stamp(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${two(minutes)}:${two(seconds)}.${two(Math.floor((ms % 1000) / 10))}`;
}

/**
 * A song's lyrics as text to edit: LRC when synced (`[mm:ss.xx]` per line, enhanced LRC's
 * `<mm:ss.xx>` before each timed word), plain lines otherwise. The times are those shown, any
 * offset already applied.
 */
export function lyricsTextOf(lyrics: SongLyrics): string {
  return lyrics.lines
    .map((line) => {
      if (line.start === null) return line.value;
      const words = line.words?.map((word) => `<${stamp(word.start)}>${word.value}`).join('');
      return `[${stamp(line.start)}]${words ?? line.value}`;
    })
    .join('\n');
}
