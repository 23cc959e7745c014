import { Readable } from 'node:stream';

export interface SniffedType {
  readonly mime: string;
  readonly extension: string;
}

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length &&
  bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (head: Buffer, text: string, offset = 0) =>
  startsWith(head, [...Buffer.from(text, 'latin1')], offset);

/** The image type of a file by its first bytes (never by its name): JPEG, PNG, GIF or WebP. */
export function sniffImage(head: Buffer): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', extension: 'png' };
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a'))
    return { mime: 'image/gif', extension: 'gif' };
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8))
    return { mime: 'image/webp', extension: 'webp' };
  return null;
}

/** An MPEG audio frame header: 11 sync bits, a valid version, layer III/II, a real bitrate. */
function isMpegFrame(head: Buffer, offset: number): boolean {
  const b1 = head[offset + 1] ?? 0;
  const b2 = head[offset + 2] ?? 0;
  if (head[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrate = (b2 >> 4) & 0x0f;
  const sampleRate = (b2 >> 2) & 0x03;
  return version !== 1 && layer !== 0 && bitrate !== 0 && bitrate !== 0x0f && sampleRate !== 3;
}

/** An ADTS AAC frame header: MPEG audio's sync word, but layer bits 00 and a real sample rate. */
function isAdtsFrame(head: Buffer): boolean {
  const b1 = head[1] ?? 0;
  const b2 = head[2] ?? 0;
  return head[0] === 0xff && (b1 & 0xf6) === 0xf0 && ((b2 >> 2) & 0x0f) < 13;
}

/** The audio type by its first bytes: MP3, M4A/AAC, FLAC, Ogg (Vorbis/Opus) or WAV. */
export function sniffAudio(head: Buffer): SniffedType | null {
  if (isAdtsFrame(head)) return { mime: 'audio/aac', extension: 'aac' };
  if (ascii(head, 'ID3') || isMpegFrame(head, 0)) return { mime: 'audio/mpeg', extension: 'mp3' };
  if (ascii(head, 'ftyp', 4)) return { mime: 'audio/mp4', extension: 'm4a' };
  if (ascii(head, 'fLaC')) return { mime: 'audio/flac', extension: 'flac' };
  if (ascii(head, 'OggS')) {
    return head.includes(Buffer.from('OpusHead'))
      ? { mime: 'audio/ogg', extension: 'opus' }
      : { mime: 'audio/ogg', extension: 'ogg' };
  }
  if (ascii(head, 'RIFF') && ascii(head, 'WAVE', 8)) return { mime: 'audio/wav', extension: 'wav' };
  return null;
}

export const SNIFF_BYTES = 4100;

/**
 * Reads the first bytes of a stream for sniffing and answers them with a stream that still yields
 * every byte, so the whole file can then be stored without buffering it.
 */
export async function peek(
  source: Readable,
  bytes = SNIFF_BYTES,
): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay() {
    yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, stream: Readable.from(replay(), { objectMode: false }) };
}
