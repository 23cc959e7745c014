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
