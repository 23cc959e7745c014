import type { ILyricsTag } from 'music-metadata';
import { MAX_LYRICS_BYTES } from '@cadenza/contract/lyrics';
import { withoutControlCharacters } from '@cadenza/contract/validation';
import type { TagLyrics } from '../../domain/grouping';
import { lrcOfTimedLines } from '../../domain/lyrics-text';

/**
 * Lyrics as the library keeps them: without control characters (a tag holds what its maker
 * wrote); over the size it keeps, left out of a file's tags.
 */
export function keptLyricsText(text: string): string | null {
  const trimmed = withoutControlCharacters(text.replaceAll('\r\n', '\n')).trim();
  if (trimmed === '' || Buffer.byteLength(trimmed) > MAX_LYRICS_BYTES) return null;
  return trimmed;
}

/**
 * One lyrics tag (ID3 USLT or SYLT, Vorbis LYRICS/UNSYNCEDLYRICS, MP4 ©lyr, APE Lyrics) as the
 * library keeps lyrics: text, LRC when timed (SYLT's times written as LRC).
 */
export function lyricsOfTag(tag: ILyricsTag): TagLyrics | null {
  const language =
    tag.language && !/^(xxx|und|)$/iu.test(tag.language.trim()) ? tag.language.trim() : null;
  // The parser leaves `syncText` out for unsynchronised frames, whatever its type says.
  const syncText = (tag.syncText as ILyricsTag['syncText'] | undefined) ?? [];
  const timed = syncText.flatMap((line) =>
    line.timestamp === undefined ? [] : [{ start: line.timestamp, value: line.text }],
  );
  const text = keptLyricsText(
    timed.length > 0
      ? lrcOfTimedLines(timed)
      : (tag.text ?? syncText.map((line) => line.text).join('\n')),
  );
  return text === null ? null : { source: 'embedded', language, text };
}
