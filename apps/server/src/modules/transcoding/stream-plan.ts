import { lowerLimitKbps } from '@cadenza/contract/streaming-quality';
import { FORMATS, transcodeFormatNamed, type TranscodeFormat } from './stream-formats';

/** What a client asked of a stream (Subsonic's `stream` parameters, or the web player's). */
export interface StreamRequest {
  /** A format name, `raw` for the file as it is; undefined leaves it to the server. */
  readonly format?: string | undefined;
  /** The highest bit rate wanted, kbps; 0 or undefined for no limit. */
  readonly maxKbps?: number | undefined;
  /** Where to start, seconds. */
  readonly offsetSeconds?: number | undefined;
  /**
   * The most the listener may be sent, kbps (the administrator's limits); 0 or undefined for
   * none. Unlike `maxKbps` it holds for `raw` too.
   */
  readonly limitKbps?: number | undefined;
}

/** What the server knows of a song's file. */
export interface SourceAudio {
  /** Its format's usual suffix ("flac", "mp3", "m4a"). */
  readonly suffix: string;
  readonly kbps: number | null;
}

export type StreamPlan =
  | { readonly kind: 'original' }
  | {
      readonly kind: 'transcode';
      readonly format: TranscodeFormat;
      readonly kbps: number;
      readonly offsetSeconds: number;
    };

export interface PlanLimits {
  /** The formats this server's ffmpeg can write; empty without ffmpeg. */
  readonly formats: readonly TranscodeFormat[];
  /** What a transcode is made as when the client names no format. */
  readonly defaultFormat: TranscodeFormat;
}

/** A request that cannot be answered as asked, with the sentence that says why. */
export class StreamRequestError extends Error {}

/** The largest `maxBitRate` taken: uncompressed 32-bit stereo at 192 kHz. */
export const MAX_REQUEST_KBPS = 12_288;

function kbpsFor(format: TranscodeFormat, maxKbps: number): number {
  const spec = FORMATS[format];
  const asked = maxKbps > 0 ? maxKbps : spec.defaultKbps;
  return Math.min(Math.max(asked, spec.minKbps), spec.maxKbps);
}

/**
 * Whether a stream is sent as the file is or transcoded, and how. The file goes as it is when
 * the client asks for `raw` (within the listener's limit), or when nothing it asks needs a
 * change: its format (if named) is the file's, its rate is within `maxKbps` and `limitKbps`, and
 * it starts at the beginning. Without ffmpeg every stream is the file. Unknown formats and rates
 * outside 0–12288 are refused.
 */
export function planStream(
  request: StreamRequest,
  source: SourceAudio,
  limits: PlanLimits,
): StreamPlan {
  const maxKbps = request.maxKbps ?? 0;
  if (!Number.isInteger(maxKbps) || maxKbps < 0 || maxKbps > MAX_REQUEST_KBPS) {
    throw new StreamRequestError(
      `maxBitRate must be 0 (no limit) or a whole number of kbps up to ${MAX_REQUEST_KBPS}.`,
    );
  }
  const offsetSeconds = request.offsetSeconds ?? 0;
  if (!Number.isFinite(offsetSeconds) || offsetSeconds < 0) {
    throw new StreamRequestError('timeOffset must be a number of seconds from 0.');
  }
  const limitKbps = request.limitKbps ?? 0;
  const requested = request.format?.trim().toLowerCase() || undefined;
  const raw = requested === 'raw';
  if (raw && !above(source, limitKbps)) return { kind: 'original' };
  // `raw` over the limit is made at the limit, in the server's own choice of format.
  const asked = raw ? undefined : requested;
  const named = asked === undefined ? null : transcodeFormatNamed(asked);
  const ownFormat = asked !== undefined && asked === source.suffix.toLowerCase();
  if (asked !== undefined && !named && !ownFormat) {
    throw new StreamRequestError(
      `format must be one of raw, ${limits.formats.length > 0 ? limits.formats.join(', ') : 'mp3, opus, aac'}.`,
    );
  }
  if (limits.formats.length === 0) return { kind: 'original' };

  const wantedKbps = lowerLimitKbps(raw ? 0 : maxKbps, limitKbps);
  const otherFormat = named !== null && !ownFormat;
  if (!above(source, wantedKbps) && !otherFormat && offsetSeconds === 0) {
    return { kind: 'original' };
  }

  const format = named ?? limits.defaultFormat;
  if (!limits.formats.includes(format)) {
    throw new StreamRequestError(`format must be one of raw, ${limits.formats.join(', ')}.`);
  }
  return { kind: 'transcode', format, kbps: kbpsFor(format, wantedKbps), offsetSeconds };
}

/** A file of unknown rate is never assumed to be under a limit. */
function above(source: SourceAudio, limitKbps: number): boolean {
  return limitKbps > 0 && (source.kbps === null || source.kbps > limitKbps);
}
