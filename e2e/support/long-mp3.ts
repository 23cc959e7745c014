const MPEG1_LAYER3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG1_SAMPLE_RATES = [44100, 48000, 32000];

/** Where the MPEG audio starts: after an ID3v2 tag, if there is one. */
function audioStart(mp3: Buffer): number {
  if (mp3.subarray(0, 3).toString('latin1') !== 'ID3') return 0;
  const size =
    ((mp3[6]! & 0x7f) << 21) |
    ((mp3[7]! & 0x7f) << 14) |
    ((mp3[8]! & 0x7f) << 7) |
    (mp3[9]! & 0x7f);
  return 10 + size;
}

/** Bytes of the MPEG-1 layer III frame whose header starts at `offset`. */
function frameLength(mp3: Buffer, offset: number): number {
  const header = mp3.readUInt32BE(offset);
  if (header >>> 21 !== 0x7ff || ((header >>> 17) & 0x3) !== 1 || ((header >>> 19) & 0x3) !== 3)
    throw new Error('not an MPEG-1 layer III frame');
  const kbps = MPEG1_LAYER3_KBPS[(header >>> 12) & 0xf] ?? 0;
  const sampleRate = MPEG1_SAMPLE_RATES[(header >>> 10) & 0x3] ?? 0;
  const padding = (header >>> 9) & 0x1;
  return Math.floor((144 * kbps * 1000) / sampleRate) + padding;
}

/**
 * A long constant-bit-rate MP3 made of `copies` runs of another one's frames: long enough that
 * a browser streams it over minutes instead of fetching it at once. The first frame (which may
 * be a Xing/Info header giving the source's length) and any trailing ID3v1 tag are left out.
 */
export function longMp3(source: Buffer, copies: number): Buffer {
  const start = audioStart(source);
  const firstFrameEnd = start + frameLength(source, start);
  const end =
    source.subarray(source.length - 128, source.length - 125).toString('latin1') === 'TAG'
      ? source.length - 128
      : source.length;
  const frames = source.subarray(firstFrameEnd, end);
  return Buffer.concat(Array.from({ length: copies }, () => frames));
}
