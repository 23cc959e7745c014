/** The formats Cadenza transcodes to, with what ffmpeg needs to make each as a stream. */
export type TranscodeFormat = 'mp3' | 'opus' | 'aac';

export interface FormatSpec {
  /** ffmpeg's encoder. */
  readonly encoder: string;
  /** ffmpeg's muxer: each writes a stream that plays while it is being made. */
  readonly muxer: string;
  readonly mime: string;
  /** The file name suffix Subsonic clients are told. */
  readonly suffix: string;
  /** The rate when none is asked for, and the range an asked one is brought into, in kbps. */
  readonly defaultKbps: number;
  readonly minKbps: number;
  readonly maxKbps: number;
}

export const FORMATS: Readonly<Record<TranscodeFormat, FormatSpec>> = {
  mp3: {
    encoder: 'libmp3lame',
    muxer: 'mp3',
    mime: 'audio/mpeg',
    suffix: 'mp3',
    defaultKbps: 192,
    minKbps: 32,
    maxKbps: 320,
  },
  opus: {
    encoder: 'libopus',
    muxer: 'ogg',
    mime: 'audio/ogg',
    suffix: 'opus',
    defaultKbps: 160,
    minKbps: 32,
    maxKbps: 256,
  },
  aac: {
    encoder: 'aac',
    muxer: 'adts',
    mime: 'audio/aac',
    suffix: 'aac',
    defaultKbps: 192,
    minKbps: 32,
    maxKbps: 320,
  },
};

export const TRANSCODE_FORMATS = Object.keys(FORMATS) as TranscodeFormat[];

/** Names clients use for a format, beside its own. */
const ALIASES: Readonly<Record<string, TranscodeFormat>> = { ogg: 'opus', m4a: 'aac' };

/** The format a client's `format` names, or null for an unknown one. */
export function transcodeFormatNamed(name: string): TranscodeFormat | null {
  const lower = name.toLowerCase();
  if (Object.hasOwn(FORMATS, lower)) return lower as TranscodeFormat;
  return ALIASES[lower] ?? null;
}
