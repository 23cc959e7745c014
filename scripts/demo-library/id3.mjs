// Builds an ID3v2.3 tag: text frames (UTF-16 when a value is not Latin-1), the ARTISTS list as a
// user-defined text frame (values separated by NUL, as taggers write multi-values), and the
// cover as APIC.

function syncsafe(size) {
  return Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
}

function frame(id, body) {
  const header = Buffer.alloc(10);
  header.write(id, 0, 'ascii');
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** A text frame's body: its encoding byte, then the text (UTF-16 when it is not Latin-1). */
function textBody(text) {
  const isLatin1 = [...text].every((character) => character.charCodeAt(0) < 256);
  if (isLatin1) return Buffer.concat([Buffer.from([0]), Buffer.from(text, 'latin1')]);
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  return Buffer.concat([Buffer.from([1]), utf16]);
}

function textFrame(id, text) {
  return frame(id, textBody(text));
}

/** A TXXX frame: its description, then its values, NUL between each. */
function userTextFrame(description, values) {
  return frame('TXXX', textBody([description, ...values].join('\0')));
}

function pictureFrame(jpeg) {
  const FRONT_COVER = 3;
  const header = Buffer.concat([
    Buffer.from([0]),
    Buffer.from('image/jpeg\0', 'latin1'),
    Buffer.from([FRONT_COVER, 0]),
  ]);
  return frame('APIC', Buffer.concat([header, jpeg]));
}

export function buildId3Tag({
  title,
  artist,
  artists,
  album,
  albumArtist,
  trackNumber,
  trackCount,
  genre,
  releaseYear,
  coverJpeg,
}) {
  const frames = Buffer.concat([
    textFrame('TIT2', title),
    textFrame('TPE1', artist),
    ...(artists ? [userTextFrame('ARTISTS', artists)] : []),
    textFrame('TALB', album),
    textFrame('TPE2', albumArtist),
    textFrame('TRCK', `${trackNumber}/${trackCount}`),
    textFrame('TCON', genre),
    textFrame('TYER', String(releaseYear)),
    pictureFrame(coverJpeg),
  ]);
  const header = Buffer.concat([
    Buffer.from('ID3', 'ascii'),
    Buffer.from([3, 0, 0]),
    syncsafe(frames.length),
  ]);
  return Buffer.concat([header, frames]);
}
