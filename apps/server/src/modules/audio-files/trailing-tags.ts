import type { ObjectStore } from '../../storage/object-store';
import type { AudioTags } from '../../domain/audio-tags';
import { tagsOf } from './audio-tags';

/** How far past the end a tail read looks: an APEv2 footer (32) before an ID3v1 tag (128). */
const TAIL_BYTES = 160;
/** Reads are served from windows this large, since the parser asks for a few bytes at a time. */
const WINDOW_BYTES = 64 * 1024;
/**
 * A leading ID3v2 tag larger than this (a big picture) is skipped rather than read into memory:
 * the tags before the audio were read already, by the streaming pass that leaves pictures out.
 */
const MAX_LEADING_TAG_BYTES = 1024 * 1024;

/** An ID3v1 tag (`TAG` 128 bytes before the end) or an APEv2 footer (`APETAGEX`) at the end. */
function hasTrailingTags(tail: Buffer): boolean {
  const at = (offset: number, text: string) =>
    offset >= 0 && tail.toString('latin1', offset, offset + text.length) === text;
  const id3v1 = at(tail.length - 128, 'TAG');
  return id3v1 || at(tail.length - 32, 'APETAGEX') || (id3v1 && at(tail.length - 160, 'APETAGEX'));
}

/** The size of a leading ID3v2 tag (header, body and footer); 0 without one. */
function leadingId3v2Bytes(head: Buffer): number {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  const body = [6, 7, 8, 9].reduce((size, index) => size * 128 + ((head[index] ?? 0) & 0x7f), 0);
  const footer = ((head[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + body + footer;
}

/**
 * A stored object seen as a `Blob` from `offset` on, read a window at a time: lets the parser
 * seek (to tags at the end) without the whole file in memory, on any store.
 */
class StoredObjectBlob {
  private window: { start: number; bytes: Buffer } | null = null;

  constructor(
    private readonly store: ObjectStore,
    private readonly key: string,
    private readonly offset: number,
    readonly size: number,
    readonly type: string,
  ) {}

  slice(start = 0, end = this.size): { arrayBuffer(): Promise<ArrayBuffer> } {
    return { arrayBuffer: () => this.read(start, Math.min(end, this.size)) };
  }

  private async read(start: number, end: number): Promise<ArrayBuffer> {
    const copy = new Uint8Array(Math.max(0, end - start));
    if (copy.length === 0) return copy.buffer;
    const window = await this.windowOver(start, end);
    const from = start - window.start;
    copy.set(window.bytes.subarray(from, from + copy.length));
    return copy.buffer;
  }

  /** A window that holds bytes `start` to `end` (exclusive), fetched when the last one does not. */
  private async windowOver(start: number, end: number): Promise<{ start: number; bytes: Buffer }> {
    const cached = this.window;
    if (cached && start >= cached.start && end <= cached.start + cached.bytes.length) return cached;
    const last = Math.min(this.size, Math.max(end, start + WINDOW_BYTES)) - 1;
    const bytes = await this.store.getBytes(this.key, {
      start: this.offset + start,
      end: this.offset + last,
    });
    this.window = { start, bytes };
    return this.window;
  }
}

/**
 * The tags a file keeps at its end (ID3v1, APEv2), which a streaming read cannot reach: read
 * with random access to the stored object, pictures left out. Null when the file has none or
 * they cannot be read.
 */
export async function readTrailingTags(
  store: ObjectStore,
  file: { readonly key: string; readonly mime: string; readonly bytes: number },
): Promise<AudioTags | null> {
  if (file.bytes < 128) return null;
  try {
    const tail = await store.getBytes(file.key, {
      start: Math.max(0, file.bytes - TAIL_BYTES),
      end: file.bytes - 1,
    });
    if (!hasTrailingTags(tail)) return null;
    const head = await store.getBytes(file.key, { start: 0, end: 9 });
    const leading = leadingId3v2Bytes(head);
    const offset = leading > MAX_LEADING_TAG_BYTES && leading < file.bytes ? leading : 0;
    const blob = new StoredObjectBlob(store, file.key, offset, file.bytes - offset, file.mime);
    const { parseBlob } = await import('music-metadata');
    const metadata = await parseBlob(blob as unknown as Blob, { skipCovers: true });
    return tagsOf(metadata);
  } catch {
    return null;
  }
}
