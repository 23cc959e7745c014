import type { LyricsLine, LyricsWord } from '@cadenza/contract/lyrics';

/**
 * The line being sung `timeMs` into the song: the last whose start is at or before it (synced
 * lines come in time order); -1 before the first line.
 */
export function currentLineIndex(lines: readonly LyricsLine[], timeMs: number): number {
  let current = -1;
  for (const [index, line] of lines.entries()) {
    if (line.start === null || line.start > timeMs) break;
    current = index;
  }
  return current;
}

/** How many of a line's timed words have been sung `timeMs` into the song. */
export function sungWordCount(words: readonly LyricsWord[], timeMs: number): number {
  return words.filter((word) => word.start <= timeMs).length;
}

const collapse = (text: string) => text.replace(/\s+/gu, ' ').trim();

/**
 * Whether the timed words spell the whole line, so they can be shown in its place: text before
 * the first timing in enhanced LRC has no time, and would be lost.
 */
export function wordsSpellLine(line: LyricsLine): line is LyricsLine & { words: LyricsWord[] } {
  if (!line.words || line.words.length === 0) return false;
  return collapse(line.words.map((word) => word.value).join('')) === collapse(line.value);
}
