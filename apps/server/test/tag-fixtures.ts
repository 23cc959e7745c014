import { flacHeaderBytes } from './audio-fixtures';

/** Builders of audio metadata (ID3v2 tags, FLAC metadata blocks) for tests of tag reading. */

export type Id3Version = 2 | 3 | 4;

/** A 28-bit ID3v2 "syncsafe" number: four bytes of seven bits. */
export function syncsafe(value: number): Buffer {
  return Buffer.from([
    (value >> 21) & 0x7f,
    (value >> 14) & 0x7f,
    (value >> 7) & 0x7f,
    value & 0x7f,
  ]);
}

/** An ID3v2 frame header for `dataBytes` bytes of data (v2.2: 6 bytes; v2.3/2.4: 10). */
export function id3FrameHeader(version: Id3Version, id: string, dataBytes: number): Buffer {
  if (version === 2) {
    const header = Buffer.alloc(6);
    header.write(id, 0, 'latin1');
    header.writeUIntBE(dataBytes, 3, 3);
    return header;
  }
  const header = Buffer.alloc(10);
  header.write(id, 0, 'latin1');
  if (version === 3) header.writeUInt32BE(dataBytes, 4);
  else syncsafe(dataBytes).copy(header, 4);
  return header;
}

export function id3Frame(version: Id3Version, id: string, data: Buffer): Buffer {
  return Buffer.concat([id3FrameHeader(version, id, data.length), data]);
}

/** A text frame (TIT2, TPE1, …; TT2, TP1, … in v2.2) in Latin-1. */
export function id3TextFrame(version: Id3Version, id: string, text: string): Buffer {
  return id3Frame(version, id, Buffer.concat([Buffer.from([0]), Buffer.from(text, 'latin1')]));
}

/** What comes before the picture's bytes in an APIC frame (PIC in v2.2): a JPEG front cover. */
export function id3PictureHead(version: Id3Version): Buffer {
  const format = version === 2 ? Buffer.from('JPG', 'latin1') : Buffer.from('image/jpeg\0');
  return Buffer.concat([Buffer.from([0]), format, Buffer.from([3, 0])]);
}

export function id3PictureFrame(version: Id3Version, picture: Buffer): Buffer {
  const data = Buffer.concat([id3PictureHead(version), picture]);
  return id3Frame(version, version === 2 ? 'PIC' : 'APIC', data);
}

/** The 10-byte header of an ID3v2 tag whose frames (and extended header) take `size` bytes. */
export function id3TagHeader(version: Id3Version, size: number, flags = 0): Buffer {
  return Buffer.concat([Buffer.from([0x49, 0x44, 0x33, version, 0, flags]), syncsafe(size)]);
}

/** A whole ID3v2 tag; v2.4 may carry an extended header and a footer, v2.3 an extended header. */
export function id3Tag(
  version: Id3Version,
  frames: readonly Buffer[],
  { extendedHeader = false, footer = false }: { extendedHeader?: boolean; footer?: boolean } = {},
): Buffer {
  const extended = !extendedHeader
    ? Buffer.alloc(0)
    : version === 4
      ? Buffer.concat([syncsafe(6), Buffer.from([1, 0])])
      : Buffer.concat([Buffer.from([0, 0, 0, 6]), Buffer.alloc(6)]);
  const body = Buffer.concat([extended, ...frames]);
  const flags = (extendedHeader ? 0x40 : 0) | (footer ? 0x10 : 0);
  const tail = footer
    ? Buffer.concat([Buffer.from([0x33, 0x44, 0x49, version, 0, flags]), syncsafe(body.length)])
    : Buffer.alloc(0);
  return Buffer.concat([id3TagHeader(version, body.length, flags), body, tail]);
}

/** A FLAC metadata block: type, a last-block flag, a 24-bit length, the data. */
export function flacBlock(type: number, data: Buffer, last = false): Buffer {
  const header = Buffer.alloc(4);
  header[0] = (last ? 0x80 : 0) | type;
  header.writeUIntBE(data.length, 1, 3);
  return Buffer.concat([header, data]);
}

/** A VORBIS_COMMENT block's data: `KEY=value` fields. */
export function vorbisComment(fields: Record<string, string>): Buffer {
  const vendor = Buffer.from('cadenza tests');
  const parts: Buffer[] = [];
  const u32 = (value: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(value);
    return bytes;
  };
  parts.push(u32(vendor.length), vendor, u32(Object.keys(fields).length));
  for (const [key, value] of Object.entries(fields)) {
    const field = Buffer.from(`${key}=${value}`);
    parts.push(u32(field.length), field);
  }
  return Buffer.concat(parts);
}

/** A PICTURE block's data: a JPEG front cover with no description. */
export function flacPicture(picture: Buffer): Buffer {
  const u32 = (value: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    return bytes;
  };
  const mime = Buffer.from('image/jpeg');
  return Buffer.concat([
    u32(3),
    u32(mime.length),
    mime,
    u32(0),
    u32(0), // width
    u32(0), // height
    u32(0), // depth
    u32(0), // colours
    u32(picture.length),
    picture,
  ]);
}

/** A FLAC file of `seconds` (STREAMINFO only, no frames) followed by these metadata blocks. */
export function flacWithBlocks(seconds: number, blocks: ReadonlyArray<[number, Buffer]>): Buffer {
  const header = Buffer.from(flacHeaderBytes(seconds));
  // flacHeaderBytes marks STREAMINFO as the last block; others follow it here.
  if (blocks.length > 0) header[4] = 0x00;
  return Buffer.concat([
    header,
    ...blocks.map(([type, data], index) => flacBlock(type, data, index === blocks.length - 1)),
  ]);
}

export const FLAC_VORBIS_COMMENT = 4;
export const FLAC_PICTURE = 6;

/** An APEv2 tag with a footer and no header, as it ends a file. */
export function apeTag(fields: Record<string, string>): Buffer {
  const items = Object.entries(fields).map(([key, value]) => {
    const text = Buffer.from(value, 'utf8');
    const head = Buffer.alloc(8);
    head.writeUInt32LE(text.length, 0);
    return Buffer.concat([head, Buffer.from(`${key}\0`, 'latin1'), text]);
  });
  const body = Buffer.concat(items);
  const footer = Buffer.alloc(32);
  footer.write('APETAGEX', 0, 'latin1');
  footer.writeUInt32LE(2000, 8);
  footer.writeUInt32LE(body.length + 32, 12);
  footer.writeUInt32LE(items.length, 16);
  return Buffer.concat([body, footer]);
}

/** An ID3v1.1 tag (the last 128 bytes of a file). */
export function id3v1Tag(fields: { title: string; artist: string; album: string; year: string }) {
  const tag = Buffer.alloc(128);
  tag.write('TAG', 0, 'latin1');
  tag.write(fields.title.slice(0, 30), 3, 'latin1');
  tag.write(fields.artist.slice(0, 30), 33, 'latin1');
  tag.write(fields.album.slice(0, 30), 63, 'latin1');
  tag.write(fields.year.slice(0, 4), 93, 'latin1');
  tag[127] = 255;
  return tag;
}

/** An unsynchronised lyrics frame (USLT) in Latin-1, in English, without a descriptor. */
export function id3LyricsFrame(text: string): Buffer {
  const data = Buffer.concat([
    Buffer.from([0]),
    Buffer.from('eng\0', 'latin1'),
    Buffer.from(text, 'latin1'),
  ]);
  return id3Frame(3, 'USLT', data);
}

/** An ID3v2.3 SYLT frame: lyrics lines with their times in milliseconds, Latin-1. */
export function id3SyncedLyricsFrame(lines: ReadonlyArray<readonly [number, string]>): Buffer {
  const parts = [Buffer.from([0]), Buffer.from('eng', 'latin1'), Buffer.from([2, 1, 0])];
  for (const [time, text] of lines) {
    const stamp = Buffer.alloc(4);
    stamp.writeUInt32BE(time);
    parts.push(Buffer.from(`${text}\0`, 'latin1'), stamp);
  }
  return id3Frame(3, 'SYLT', Buffer.concat(parts));
}

/** A real FLAC file with its metadata blocks after STREAMINFO replaced by these. */
export function flacWithMetadata(flac: Buffer, blocks: ReadonlyArray<[number, Buffer]>): Buffer {
  let offset = 4;
  let streamInfo: Buffer | null = null;
  for (let last = false; !last;) {
    last = (flac[offset]! & 0x80) !== 0;
    const type = flac[offset]! & 0x7f;
    const length = flac.readUIntBE(offset + 1, 3);
    if (type === 0) streamInfo = flac.subarray(offset + 4, offset + 4 + length);
    offset += 4 + length;
  }
  if (!streamInfo) throw new Error('not a FLAC file with STREAMINFO');
  const all: Array<[number, Buffer]> = [[0, streamInfo], ...blocks];
  return Buffer.concat([
    Buffer.from('fLaC'),
    ...all.map(([type, data], index) => flacBlock(type, data, index === all.length - 1)),
    flac.subarray(offset),
  ]);
}

/**
 * An MP4 file whose `moov` ends with `udta/meta/ilst` (and a `free` box follows it) with a `©lyr`
 * atom added at the end of its `ilst`: the `free` box gives up the bytes, so the audio stays
 * where its chunk offsets say.
 */
export function mp4WithLyrics(mp4: Buffer, lyrics: string): Buffer {
  const text = Buffer.from(lyrics, 'utf8');
  const data = Buffer.alloc(16);
  data.writeUInt32BE(16 + text.length, 0);
  data.write('data', 4, 'latin1');
  data.writeUInt32BE(1, 8); // UTF-8 text
  const atomHead = Buffer.alloc(8);
  atomHead.writeUInt32BE(8 + data.length + text.length, 0);
  atomHead.write('\u00a9lyr', 4, 'latin1');
  const atom = Buffer.concat([atomHead, data, text]);
  const out = Buffer.from(mp4);
  const boxAt = (start: number, end: number, type: string): number => {
    for (let at = start; at < end; at += out.readUInt32BE(at)) {
      if (out.toString('latin1', at + 4, at + 8) === type) return at;
    }
    throw new Error(`no ${type} box`);
  };
  const moov = boxAt(0, out.length, 'moov');
  const moovEnd = moov + out.readUInt32BE(moov);
  const udta = boxAt(moov + 8, moovEnd, 'udta');
  const meta = boxAt(udta + 8, udta + out.readUInt32BE(udta), 'meta');
  const ilst = boxAt(meta + 12, meta + out.readUInt32BE(meta), 'ilst');
  const free = moovEnd;
  if (
    out.toString('latin1', free + 4, free + 8) !== 'free' ||
    ilst + out.readUInt32BE(ilst) !== moovEnd
  ) {
    throw new Error('the ilst does not end the moov, or no free box follows it');
  }
  for (const box of [moov, udta, meta, ilst])
    out.writeUInt32BE(out.readUInt32BE(box) + atom.length, box);
  const freeSize = out.readUInt32BE(free) - atom.length;
  const freeHead = Buffer.alloc(8);
  freeHead.writeUInt32BE(freeSize, 0);
  freeHead.write('free', 4, 'latin1');
  return Buffer.concat([
    out.subarray(0, moovEnd),
    atom,
    freeHead,
    out.subarray(free + 8 + atom.length),
  ]);
}
