/**
 * Counts the frames of an MPEG audio stream as its chunks go past, for the exact length of a
 * file whose first frame carries no Xing/Info/VBRI header: without one, a parser can only
 * estimate the length from the first frames' bit rate, which is wrong for variable bit rates.
 * It also tells whether a whole frame of audio is followed by the header of another: a browser
 * opens an MPEG stream only where it finds two such frames in a row.
 */

/** Bit rates in kbit/s by [MPEG-1 ? 0 : 1][layer - 1][index]. */
const BIT_RATES = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
] as const;
/** Sample rates in Hz by version bits (0: MPEG 2.5, 2: MPEG 2, 3: MPEG 1) and index. */
const SAMPLE_RATES: Record<number, readonly number[]> = {
  0: [11025, 12000, 8000],
  2: [22050, 24000, 16000],
  3: [44100, 48000, 32000],
};
/** Enough bytes to read a frame header and look for a Xing/Info/VBRI header after it. */
const LOOKAHEAD = 48;
const HEADER_BYTES = 4;
/** The header bits two frames of one stream share: version, layer, sample rate, channel mode. */
const SAME_STREAM_MASK = 0xfffe0ccf;

interface Frame {
  readonly bytes: number;
  readonly samples: number;
  readonly sampleRate: number;
}

function frameAt(buffer: Buffer, at: number): Frame | null {
  const b1 = buffer[at + 1] ?? 0;
  const b2 = buffer[at + 2] ?? 0;
  if (buffer[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0x03;
  const layer = 4 - ((b1 >> 1) & 0x03);
  const bitRateIndex = b2 >> 4;
  const sampleRate = SAMPLE_RATES[version]?.[(b2 >> 2) & 0x03];
  if (version === 1 || layer === 4 || bitRateIndex === 0 || bitRateIndex === 15 || !sampleRate) {
    return null;
  }
  const mpeg1 = version === 3;
  const bitRate = BIT_RATES[mpeg1 ? 0 : 1][layer - 1]?.[bitRateIndex] ?? 0;
  const padding = (b2 >> 1) & 0x01;
  if (layer === 1) {
    return {
      bytes: (Math.floor((12 * bitRate * 1000) / sampleRate) + padding) * 4,
      samples: 384,
      sampleRate,
    };
  }
  const samples = layer === 3 && !mpeg1 ? 576 : 1152;
  return {
    bytes: Math.floor(((samples / 8) * bitRate * 1000) / sampleRate) + padding,
    samples,
    sampleRate,
  };
}

function startsWithText(buffer: Buffer, at: number, text: string): boolean {
  return buffer.toString('latin1', at, at + text.length) === text;
}

export class MpegFrameCounter {
  private samples = 0;
  private sampleRate = 0;
  private frames = 0;
  /** Bytes still to pass over before the next frame (the rest of one, or a leading tag). */
  private skip = 0;
  /** The start of a header or tag split across chunks. */
  private carry: Buffer = Buffer.alloc(0);
  private atStart = true;
  private ended = false;
  /** The header of the audio frame just passed over, while the next one would follow it. */
  private previousHeader: number | null = null;
  /** Whether the first frame carries a Xing, Info or VBRI header: the parser's length is exact. */
  lengthInHeader = false;
  /** Whether a whole frame of audio (not a Xing/Info/VBRI frame) is followed by another's header. */
  framesInARow = false;

  /** The length counted so far, in seconds; null before the first frame. */
  get seconds(): number | null {
    return this.sampleRate > 0 && this.frames > 0 ? this.samples / this.sampleRate : null;
  }

  push(chunk: Buffer): void {
    if (this.ended) return;
    const buffer = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    let at = this.skip;
    while (at < buffer.length) {
      if (buffer.length - at < LOOKAHEAD) {
        this.carry = Buffer.from(buffer.subarray(at));
        this.skip = 0;
        return;
      }
      if (this.atStart && startsWithText(buffer, at, 'ID3')) {
        const size = [6, 7, 8, 9].reduce(
          (total, index) => total * 128 + ((buffer[at + index] ?? 0) & 0x7f),
          0,
        );
        at += 10 + size + (((buffer[at + 5] ?? 0) & 0x10) !== 0 ? 10 : 0);
        continue;
      }
      if (['TAG', 'APETAGEX', 'LYRICS'].some((marker) => startsWithText(buffer, at, marker))) {
        this.ended = true;
        return;
      }
      const frame = frameAt(buffer, at);
      if (!frame || frame.bytes <= 4) {
        at += 1;
        this.previousHeader = null;
        continue;
      }
      const header = buffer.readUInt32BE(at);
      this.noteFollowing(header);
      this.previousHeader = header;
      if (this.frames === 0) {
        const head = buffer.toString('latin1', at + 4, at + LOOKAHEAD);
        this.lengthInHeader = /Xing|Info|VBRI/.test(head);
        // That frame holds no audio: the one after it is the first that does.
        if (this.lengthInHeader) this.previousHeader = null;
      }
      this.atStart = false;
      this.frames += 1;
      this.samples += frame.samples;
      this.sampleRate = frame.sampleRate;
      at += frame.bytes;
    }
    this.skip = at - buffer.length;
  }

  /** The stream has ended: a frame header in its last bytes counts as following the frame before. */
  end(): void {
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    if (this.ended || rest.length < HEADER_BYTES || !frameAt(rest, 0)) return;
    this.noteFollowing(rest.readUInt32BE(0));
  }

  private noteFollowing(header: number): void {
    const previous = this.previousHeader;
    if (previous !== null && ((previous ^ header) & SAME_STREAM_MASK) === 0) {
      this.framesInARow = true;
    }
  }
}
