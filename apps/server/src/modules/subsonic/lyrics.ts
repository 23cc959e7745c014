import type { ILyricsTag } from 'music-metadata';
import type { ObjectStore } from '../../storage/object-store';
import type { SongRecord } from '../songs/song-record';

/** One line of lyrics; `start` in milliseconds when the lyrics are synced. */
export interface LyricsLine {
  readonly start?: number;
  readonly value: string;
}

export interface SongLyrics {
  readonly lang: string;
  readonly synced: boolean;
  readonly lines: readonly LyricsLine[];
}

/** `[mm:ss.xx]` at the start of an LRC line. */
const LRC_TIME = /^\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/u;
/** LRC's own tags (`[ar:…]`, `[ti:…]`, `[offset:…]`): not lyrics. */
const LRC_TAG = /^\[[a-z]+:.*\]$/iu;

/** Lyrics text, read as LRC when its lines carry times, as plain lines otherwise. */
function linesOfText(text: string): { synced: boolean; lines: LyricsLine[] } {
  const raw = text.split(/\r\n|\r|\n/u);
  const timed: LyricsLine[] = [];
  for (const line of raw) {
    let rest = line.trim();
    const starts: number[] = [];
    for (let match = LRC_TIME.exec(rest); match; match = LRC_TIME.exec(rest)) {
      const fraction = match[3] ?? '0';
      const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
      starts.push((Number(match[1]) * 60 + Number(match[2])) * 1000 + ms);
      rest = rest.slice(match[0].length);
    }
    for (const start of starts) timed.push({ start, value: rest.trim() });
  }
  if (timed.length > 0) {
    return { synced: true, lines: timed.sort((a, b) => (a.start ?? 0) - (b.start ?? 0)) };
  }
  const lines = raw.filter((line) => !LRC_TAG.test(line.trim())).map((value) => ({ value }));
  while (lines.length > 0 && lines.at(-1)?.value.trim() === '') lines.pop();
  return { synced: false, lines };
}

function lyricsOfTag(tag: ILyricsTag): SongLyrics | null {
  const lang = tag.language && tag.language !== 'XXX' ? tag.language : 'xxx';
  // The parser leaves `syncText` out for unsynchronised frames, whatever its type says.
  const syncText = (tag.syncText as ILyricsTag['syncText'] | undefined) ?? [];
  const timed = syncText.filter((line) => line.timestamp !== undefined);
  if (timed.length > 0) {
    return {
      lang,
      synced: true,
      lines: timed.map((line) => ({ start: line.timestamp, value: line.text })),
    };
  }
  const text = tag.text ?? syncText.map((line) => line.text).join('\n');
  if (text.trim() === '') return null;
  return { lang, ...linesOfText(text) };
}

/**
 * The lyrics embedded in a song's file (ID3 USLT/SYLT, Vorbis LYRICS, …), read when asked: the
 * file is parsed up to its tags, never its audio. Synced lyrics (SYLT, or LRC text) come first.
 */
export class LyricsReader {
  constructor(private readonly objects: ObjectStore) {}

  async of(song: SongRecord): Promise<SongLyrics[]> {
    let tags: ILyricsTag[];
    const stream = await this.objects.get(song.audioKey).catch(() => null);
    if (!stream) return [];
    try {
      const { parseStream } = await import('music-metadata');
      const metadata = await parseStream(
        stream,
        { mimeType: song.audioMime, size: song.audioBytes },
        { skipCovers: true, duration: false },
      );
      tags = metadata.common.lyrics ?? [];
    } catch {
      tags = [];
    } finally {
      stream.on('error', () => undefined);
      stream.destroy();
    }
    const found = tags.flatMap((tag) => lyricsOfTag(tag) ?? []);
    return found.sort((a, b) => Number(b.synced) - Number(a.synced));
  }
}
