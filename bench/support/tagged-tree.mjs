// A tree of small tagged audio files for the scan benchmark: artist/album folders with tracks in
// five formats (MP3 with ID3v2, FLAC and Ogg Opus with Vorbis comments, M4A with iTunes atoms,
// WAV with a RIFF INFO list). ffmpeg encodes one short template per format once; every file is
// a template with its own tags written here, so that thousands of files take seconds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const FORMATS = ['mp3', 'flac', 'opus', 'm4a', 'wav'];

/** How ffmpeg makes each template: a second of a tone, small, with no tags of its own. */
const TEMPLATE_ARGS = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '32k', '-ac', '1', '-ar', '22050'],
  flac: ['-c:a', 'flac', '-ac', '1', '-ar', '8000', '-sample_fmt', 's16'],
  opus: ['-c:a', 'libopus', '-b:a', '16k', '-ac', '1'],
  m4a: ['-c:a', 'aac', '-b:a', '24k', '-ac', '1', '-ar', '22050'],
  wav: ['-c:a', 'pcm_s16le', '-ac', '1', '-ar', '8000'],
};

/** Runs ffmpeg on a lavfi source into `file` and answers the file's bytes. */
function ffmpeg(source, args, file) {
  const result = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source, ...args, file],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`ffmpeg could not make ${file}: ${result.stderr}`);
  return fs.readFileSync(file);
}

function makeTemplate(dir, format) {
  const untagged = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact'];
  return ffmpeg(
    'sine=frequency=440:duration=1',
    [...untagged, ...TEMPLATE_ARGS[format]],
    path.join(dir, `template.${format}`),
  );
}

// --- MP3: an ID3v2.3 tag in front ------------------------------------------------------------

function syncsafe(value) {
  return Buffer.from([
    (value >> 21) & 0x7f,
    (value >> 14) & 0x7f,
    (value >> 7) & 0x7f,
    value & 0x7f,
  ]);
}

function id3Frame(id, text) {
  const data = Buffer.concat([Buffer.from([3]), Buffer.from(text, 'utf8')]);
  const header = Buffer.alloc(10);
  header.write(id, 0, 'latin1');
  header.writeUInt32BE(data.length, 4);
  return Buffer.concat([header, data]);
}

function taggedMp3(template, tags) {
  const frames = Buffer.concat([
    id3Frame('TIT2', tags.title),
    id3Frame('TPE1', tags.artist),
    id3Frame('TALB', tags.album),
    id3Frame('TRCK', String(tags.track)),
    id3Frame('TYER', String(tags.year)),
    id3Frame('TCON', tags.genre),
  ]);
  const header = Buffer.concat([Buffer.from('ID3\x03\x00\x00', 'latin1'), syncsafe(frames.length)]);
  return Buffer.concat([header, frames, template]);
}

// --- Vorbis comments (FLAC and Opus) ---------------------------------------------------------

function vorbisCommentBody(tags) {
  const fields = [
    `TITLE=${tags.title}`,
    `ARTIST=${tags.artist}`,
    `ALBUM=${tags.album}`,
    `TRACKNUMBER=${tags.track}`,
    `DATE=${tags.year}`,
    `GENRE=${tags.genre}`,
  ].map((field) => Buffer.from(field, 'utf8'));
  const vendor = Buffer.from('cadenza-bench', 'utf8');
  const parts = [u32le(vendor.length), vendor, u32le(fields.length)];
  for (const field of fields) parts.push(u32le(field.length), field);
  return Buffer.concat(parts);
}

function u32le(value) {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
}

/** The template's STREAMINFO, a Vorbis comment block, then its audio frames. */
function taggedFlac(template, tags) {
  let offset = 4;
  let streamInfo = null;
  for (;;) {
    const last = (template[offset] & 0x80) !== 0;
    const type = template[offset] & 0x7f;
    const length = template.readUIntBE(offset + 1, 3);
    if (type === 0) streamInfo = template.subarray(offset + 4, offset + 4 + length);
    offset += 4 + length;
    if (last) break;
  }
  const comment = vorbisCommentBody(tags);
  const blockHeader = (type, length, last) =>
    Buffer.from([
      (last ? 0x80 : 0) | type,
      (length >> 16) & 0xff,
      (length >> 8) & 0xff,
      length & 0xff,
    ]);
  return Buffer.concat([
    Buffer.from('fLaC', 'latin1'),
    blockHeader(0, streamInfo.length, false),
    streamInfo,
    blockHeader(4, comment.length, true),
    comment,
    template.subarray(offset),
  ]);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index += 1) {
    let crc = index << 24;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    table[index] = crc >>> 0;
  }
  return table;
})();

function oggCrc(page) {
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]) >>> 0;
  return crc;
}

function oggPages(bytes) {
  const pages = [];
  for (let offset = 0; offset < bytes.length;) {
    const segments = bytes[offset + 26];
    const table = bytes.subarray(offset + 27, offset + 27 + segments);
    const bodyLength = table.reduce((total, value) => total + value, 0);
    const end = offset + 27 + segments + bodyLength;
    pages.push(bytes.subarray(offset, end));
    offset = end;
  }
  return pages;
}

/** The template with its second page (the OpusTags packet, alone on it) written anew. */
function taggedOpus(template, tags) {
  const pages = oggPages(template);
  const second = pages[1];
  const packet = Buffer.concat([Buffer.from('OpusTags', 'latin1'), vorbisCommentBody(tags)]);
  const lacing = [];
  for (let left = packet.length; ; left -= 255) {
    lacing.push(Math.min(left, 255));
    if (left < 255) break;
  }
  const header = Buffer.from(second.subarray(0, 27));
  header[26] = lacing.length;
  header.writeUInt32LE(0, 22);
  const page = Buffer.concat([header, Buffer.from(lacing), packet]);
  page.writeUInt32LE(oggCrc(page), 22);
  return Buffer.concat([pages[0], page, ...pages.slice(2)]);
}

// --- M4A: iTunes atoms in moov/udta/meta/ilst (moov follows mdat: no offsets move) -------------

function atom(type, ...children) {
  const body = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

function textItem(type, text) {
  const data = Buffer.concat([Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]);
  return atom(type, atom('data', data));
}

function trackItem(track) {
  const data = Buffer.alloc(16);
  data.writeUInt32BE(0, 0);
  data.writeUInt16BE(track, 10);
  return atom('trkn', atom('data', data));
}

function children(bytes) {
  const list = [];
  for (let offset = 0; offset < bytes.length;) {
    const size = bytes.readUInt32BE(offset);
    list.push({
      type: bytes.toString('latin1', offset + 4, offset + 8),
      bytes: bytes.subarray(offset, offset + size),
    });
    offset += size;
  }
  return list;
}

function taggedM4a(template, tags) {
  const ilst = atom(
    'ilst',
    textItem('\u00a9nam', tags.title),
    textItem('\u00a9ART', tags.artist),
    textItem('\u00a9alb', tags.album),
    textItem('\u00a9day', String(tags.year)),
    textItem('\u00a9gen', tags.genre),
    trackItem(tags.track),
  );
  const handler = atom(
    'hdlr',
    Buffer.from([0, 0, 0, 0, 0, 0, 0, 0]),
    Buffer.from('mdirappl', 'latin1'),
    Buffer.alloc(9),
  );
  const meta = atom('meta', Buffer.alloc(4), handler, ilst);
  const top = children(template);
  const moovIndex = top.findIndex((entry) => entry.type === 'moov');
  const moov = top[moovIndex];
  const kept = children(moov.bytes.subarray(8)).filter((entry) => entry.type !== 'udta');
  const rebuilt = atom('moov', ...kept.map((entry) => entry.bytes), atom('udta', meta));
  const before = top.slice(0, moovIndex).map((entry) => entry.bytes);
  if (top.slice(0, moovIndex).every((entry) => entry.type !== 'mdat')) {
    throw new Error('the M4A template has its moov before its mdat');
  }
  return Buffer.concat([
    ...before,
    rebuilt,
    ...top.slice(moovIndex + 1).map((entry) => entry.bytes),
  ]);
}

// --- WAV: a LIST INFO chunk after the data ---------------------------------------------------

function riffChunk(id, body) {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, body.length % 2 === 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function taggedWav(template, tags) {
  const text = (value) => Buffer.concat([Buffer.from(value, 'utf8'), Buffer.alloc(1)]);
  const info = riffChunk(
    'LIST',
    Buffer.concat([
      Buffer.from('INFO', 'latin1'),
      riffChunk('INAM', text(tags.title)),
      riffChunk('IART', text(tags.artist)),
      riffChunk('IPRD', text(tags.album)),
      riffChunk('ITRK', text(String(tags.track))),
      riffChunk('ICRD', text(String(tags.year))),
      riffChunk('IGNR', text(tags.genre)),
    ]),
  );
  const wav = Buffer.concat([template, info]);
  wav.writeUInt32LE(wav.length - 8, 4);
  return wav;
}

const WRITERS = {
  mp3: taggedMp3,
  flac: taggedFlac,
  opus: taggedOpus,
  m4a: taggedM4a,
  wav: taggedWav,
};
const GENRES = ['Rock', 'Pop', 'Jazz', 'Electronic', 'Classical', 'Hip-Hop', 'Folk'];

/**
 * Writes (once: a finished tree is kept, marked by `.complete`) `count` tagged files under
 * `root/<artist>/<album>/NN - Title.<ext>`, ten tracks an album, one format an album, with a
 * cover.jpg beside every third album. Answers the tree's root.
 * @param {string} root
 * @param {number} count
 * @returns {string}
 */
export function taggedTree(root, count) {
  const marker = path.join(root, '.complete');
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === String(count)) return root;
  fs.rmSync(root, { recursive: true, force: true });
  const templatesDir = path.join(root, '.templates');
  fs.mkdirSync(templatesDir, { recursive: true });
  const templates = Object.fromEntries(
    FORMATS.map((format) => [format, makeTemplate(templatesDir, format)]),
  );
  const cover = makeCover(templatesDir);
  const tracksPerAlbum = 10;
  const albumsPerArtist = 4;
  for (let index = 0; index < count; index += 1) {
    const albumNumber = Math.floor(index / tracksPerAlbum);
    const artistNumber = Math.floor(albumNumber / albumsPerArtist);
    const format = FORMATS[albumNumber % FORMATS.length];
    const artist = `Artist ${String(artistNumber + 1).padStart(4, '0')}`;
    const album = `Album ${String(albumNumber + 1).padStart(5, '0')}`;
    const track = (index % tracksPerAlbum) + 1;
    const title = `Song ${index + 1} of ${album}`;
    const dir = path.join(root, artist, album);
    if (track === 1) {
      fs.mkdirSync(dir, { recursive: true });
      if (albumNumber % 3 === 0) fs.writeFileSync(path.join(dir, 'cover.jpg'), cover);
    }
    const tags = {
      title,
      artist,
      album,
      track,
      year: 1980 + (albumNumber % 45),
      genre: GENRES[albumNumber % GENRES.length],
    };
    const name = `${String(track).padStart(2, '0')} - ${title}.${format}`;
    fs.writeFileSync(path.join(dir, name), WRITERS[format](templates[format], tags));
  }
  fs.writeFileSync(marker, String(count));
  return root;
}

function makeCover(dir) {
  return ffmpeg('color=c=teal:s=300x300', ['-frames:v', '1'], path.join(dir, 'cover.jpg'));
}
