/**
 * Lyrics text as the library keeps it: LRC (synced, "[01:02.50]A line", enhanced LRC's
 * "<01:02.80>word" timings kept) or plain lines. Kept as text and read here, on the way out.
 */

export interface TimedWord {
  readonly start: number;
  readonly value: string;
}

export interface LyricsTextLine {
  /** Milliseconds from the start of the song, as written (before the offset); null when plain. */
  readonly start: number | null;
  readonly value: string;
  readonly words?: readonly TimedWord[];
}

export interface ReadLyrics {
  readonly synced: boolean;
  /** LRC `[offset:]`, in ms: positive shows the lines sooner. */
  readonly offsetMs: number;
  readonly lines: readonly LyricsTextLine[];
}

/** `[mm:ss]`, `[mm:ss.x]` … `[mm:ss.xxx]` (also `:` before the fraction) at a line's start. */
const LINE_TIME = /^\[(\d{1,3}):([0-5]?\d)(?:[.:](\d{1,3}))?\]/u;
/** What looks like a time at a line's start, well formed or not: "[1:2x]", "[00:61.00]". */
const TIME_ATTEMPT = /^\[\d/u;
/** LRC's own tags (`[ar:…]`, `[ti:…]`, `[offset:…]`): not lyrics. */
const LRC_TAG = /^\[([a-z#]+):(.*)\]$/iu;
const WORD_TIME = /<(\d{1,3}):([0-5]?\d)(?:[.:](\d{1,3}))?>/gu;

function ms(minutes: string, seconds: string, fraction: string | undefined): number {
  const part = Number((fraction ?? '0').padEnd(3, '0').slice(0, 3));
  return (Number(minutes) * 60 + Number(seconds)) * 1000 + part;
}

/** A line's words with their times, when enhanced LRC timed them; its text without the times. */
function wordsOf(text: string): { value: string; words?: TimedWord[] } {
  const marks = [...text.matchAll(WORD_TIME)];
  if (marks.length === 0) return { value: text.trim() };
  const words: TimedWord[] = [];
  for (const [index, mark] of marks.entries()) {
    const from = (mark.index ?? 0) + mark[0].length;
    const to = marks[index + 1]?.index ?? text.length;
    const value = text.slice(from, to);
    if (value.trim() !== '') words.push({ start: ms(mark[1]!, mark[2]!, mark[3]), value });
  }
  const value = text.replace(WORD_TIME, '').replace(/\s+/gu, ' ').trim();
  return words.length > 0 ? { value, words } : { value };
}

/**
 * Reads lyrics text: synced when its lines carry LRC times, every time well formed; text with a
 * malformed time ("[1:2x.00]", "[00:75.00]") is read as plain lines, as written.
 */
export function readLyricsText(text: string): ReadLyrics {
  const raw = text.replace(/^\uFEFF/u, '').split(/\r\n|\r|\n/u);
  const timed: LyricsTextLine[] = [];
  let offsetMs = 0;
  let malformed = false;
  for (const line of raw) {
    let rest = line.trim();
    const tag = LRC_TAG.exec(rest);
    if (tag && !TIME_ATTEMPT.test(rest)) {
      if (tag[1]!.toLowerCase() === 'offset' && /^\s*[+-]?\d+\s*$/u.test(tag[2]!)) {
        offsetMs = Number(tag[2]!.trim());
      }
      continue;
    }
    const starts: number[] = [];
    for (let match = LINE_TIME.exec(rest); match; match = LINE_TIME.exec(rest)) {
      starts.push(ms(match[1]!, match[2]!, match[3]));
      rest = rest.slice(match[0].length);
    }
    if (TIME_ATTEMPT.test(rest)) malformed = true;
    const words = wordsOf(rest);
    for (const start of starts) timed.push({ start, ...words });
  }
  if (timed.length > 0 && !malformed) {
    const lines = timed.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
    return { synced: true, offsetMs, lines };
  }
  const lines = raw
    .filter((line) => malformed || !LRC_TAG.test(line.trim()) || TIME_ATTEMPT.test(line.trim()))
    .map((value) => ({ start: null, value: value.trimEnd() }));
  while (lines.length > 0 && lines[0]!.value.trim() === '') lines.shift();
  while (lines.length > 0 && lines.at(-1)!.value.trim() === '') lines.pop();
  return { synced: false, offsetMs: 0, lines };
}

/** The lines with the offset applied: what a player shows at which time. */
export function withOffset(lyrics: ReadLyrics): LyricsTextLine[] {
  if (!lyrics.synced || lyrics.offsetMs === 0) return [...lyrics.lines];
  const shift = (start: number) => Math.max(0, start - lyrics.offsetMs);
  return lyrics.lines.map((line) => ({
    ...line,
    start: line.start === null ? null : shift(line.start),
    ...(line.words
      ? { words: line.words.map((word) => ({ ...word, start: shift(word.start) })) }
      : {}),
  }));
}

function stamp(start: number): string {
  const minutes = Math.floor(start / 60_000);
  const seconds = Math.floor((start % 60_000) / 1000);
  const hundredths = Math.floor((start % 1000) / 10);
  const two = (value: number) => String(value).padStart(2, '0');
  return `[${two(minutes)}:${two(seconds)}.${two(hundredths)}]`;
}

/** Timed lines (an ID3 SYLT frame's) as LRC text, the one form lyrics are kept in. */
export function lrcOfTimedLines(
  lines: ReadonlyArray<{ readonly start: number; readonly value: string }>,
): string {
  return lines
    .map((line) => `${stamp(line.start)}${line.value.replace(/\r?\n/gu, ' ')}`)
    .join('\n');
}
