/**
 * The encoding of a WAV file's audio as its `fmt ` chunk states it. A parser names a
 * WAVE_FORMAT_EXTENSIBLE file by that tag alone ("non-PCM (65534)"), whereas the sub-format it
 * carries says what the samples are; and a browser plays integer samples of 8 to 32 bits and
 * floating-point ones of 32 bits, so the depth is part of the answer.
 */

const WAVE_FORMAT_PCM = 0x0001;
const WAVE_FORMAT_IEEE_FLOAT = 0x0003;
const WAVE_FORMAT_ALAW = 0x0006;
const WAVE_FORMAT_MULAW = 0x0007;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
/** Format tag (2), channels (2), rate (4), byte rate (4), block align (2), bits per sample (2). */
const FMT_BYTES = 16;
/** …then extension size (2), valid bits (2), channel mask (4), sub-format GUID (16). */
const EXTENSIBLE_FMT_BYTES = 40;

/** The codec names the tag parser gives these formats, so that both speak alike. */
function codecOf(tag: number, bitsPerSample: number): string | null {
  // Samples take whole bytes: 12 bits are stored, and played, as 16.
  const bits = Math.ceil(bitsPerSample / 8) * 8;
  switch (tag) {
    case WAVE_FORMAT_PCM:
      return bits >= 8 && bits <= 32 ? 'PCM' : `PCM (${bits}-bit)`;
    case WAVE_FORMAT_IEEE_FLOAT:
      return bits === 32 ? 'IEEE_FLOAT' : `IEEE_FLOAT (${bits}-bit)`;
    case WAVE_FORMAT_ALAW:
      return 'ALAW';
    case WAVE_FORMAT_MULAW:
      return 'MULAW';
    default:
      return null;
  }
}

/** The `fmt ` chunk's body among the chunks of a RIFF/WAVE head; null when the head lacks it. */
function fmtChunk(head: Buffer): Buffer | null {
  if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') {
    return null;
  }
  let at = 12;
  while (head.length - at >= 8) {
    const id = head.toString('latin1', at, at + 4);
    const bytes = head.readUInt32LE(at + 4);
    if (id === 'fmt ') return head.subarray(at + 8, Math.min(head.length, at + 8 + bytes));
    // Chunks are padded to an even size.
    at += 8 + bytes + (bytes & 1);
  }
  return null;
}

/**
 * The codec of the PCM, floating-point, A-law or µ-law audio a WAV file's head describes (read
 * through WAVE_FORMAT_EXTENSIBLE); null for another format, or when the head does not say.
 */
export function wavCodec(head: Buffer): string | null {
  const fmt = fmtChunk(head);
  if (!fmt || fmt.length < FMT_BYTES) return null;
  const tag = fmt.readUInt16LE(0);
  const bits = fmt.readUInt16LE(14);
  if (tag !== WAVE_FORMAT_EXTENSIBLE) return codecOf(tag, bits);
  // The sub-format GUID begins with the format tag it stands for.
  return fmt.length >= EXTENSIBLE_FMT_BYTES ? codecOf(fmt.readUInt16LE(24), bits) : null;
}
