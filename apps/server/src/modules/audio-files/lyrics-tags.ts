import type { IAudioMetadata, ILyricsTag } from 'music-metadata';
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

/** SYLT's `timeStampFormat` for times counted in MPEG frames, not milliseconds. */
const MPEG_FRAME_TIMES = 1;

/**
 * One ID3 lyrics frame (USLT or SYLT) as the library keeps lyrics: text, LRC when timed (SYLT's
 * times in milliseconds written as LRC; times in MPEG frames, which need the stream's frame
 * length, are left out and the lines kept as plain text).
 */
function lyricsOfTag(tag: ILyricsTag): TagLyrics | null {
  const language =
    tag.language && !/^(xxx|und|)$/iu.test(tag.language.trim()) ? tag.language.trim() : null;
  // The parser leaves `syncText` out for unsynchronised frames, whatever its type says.
  const syncText = (tag.syncText as ILyricsTag['syncText'] | undefined) ?? [];
  const timed =
    Number(tag.timeStampFormat) === MPEG_FRAME_TIMES
      ? []
      : syncText.flatMap((line) =>
          line.timestamp === undefined ? [] : [{ start: line.timestamp, value: line.text }],
        );
  const text = keptLyricsText(
    timed.length > 0
      ? lrcOfTimedLines(timed)
      : (tag.text ?? syncText.map((line) => line.text).join('\n')),
  );
  return text === null ? null : { source: 'embedded', language, text };
}

/** Tags whose value is lyrics as written, text or LRC (Vorbis, MP4, APEv2, ASF), in upper case. */
const LYRICS_TEXT_TAGS = new Set(['LYRICS', 'UNSYNCEDLYRICS', '©LYR', 'WM/LYRICS']);
/** ID3's lyrics frames, which carry their own language and times. */
const LYRICS_FRAMES = new Set(['USLT', 'SYLT']);

const isLyricsFrame = (value: unknown): value is ILyricsTag =>
  typeof value === 'object' && value !== null && ('text' in value || 'syncText' in value);

/**
 * Every lyrics tag of a file, as written. The parser reads a lyrics tag that is plain text as
 * LRC itself, and keeps only the lines it understands: an `[offset:]`, times written `[mm:ss]`,
 * and a malformed line (which must keep the whole text plain) would be lost. So these are taken
 * from the file's own tags and read by the library's LRC reader like a `.lrc`; ID3's frames come
 * as the parser reads them.
 */
export function lyricsOfNativeTags(native: IAudioMetadata['native']): TagLyrics[] {
  return Object.values(native).flatMap((tags) =>
    tags.flatMap((tag): TagLyrics[] => {
      if (LYRICS_TEXT_TAGS.has(tag.id.toUpperCase()) && typeof tag.value === 'string') {
        const text = keptLyricsText(tag.value);
        return text === null ? [] : [{ source: 'embedded', language: null, text }];
      }
      if (LYRICS_FRAMES.has(tag.id) && isLyricsFrame(tag.value)) {
        const lyrics = lyricsOfTag(tag.value);
        return lyrics === null ? [] : [lyrics];
      }
      return [];
    }),
  );
}
