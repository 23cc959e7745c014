import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isId } from '../../ids';
import { deriveKey } from '../../secrets';

/** What a `getTranscodeDecision` decided: the file as it is, or a transcode. */
export type DecidedStream =
  | { readonly kind: 'original' }
  | { readonly kind: 'transcode'; readonly format: string; readonly kbps: number };

/**
 * Why a `transcodeParams` text is refused: not one this server signed, signed for another song,
 * past its lifetime, or made for a file the song no longer has.
 */
export type TranscodeParamsRefusal = 'forged' | 'other-song' | 'expired' | 'file-changed';

/** How long a decision may be used: OpenSubsonic asks for a reasonable while. */
export const TRANSCODE_PARAMS_LIFETIME_SECONDS = 48 * 60 * 60;

/** The longest text that could be one (its parts are a few dozen characters each). */
const MAX_LENGTH = 512;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** An HMAC-SHA256 in base64url without padding. */
const SIGNATURE_LENGTH = 43;

const payloadSchema = z.strictObject({
  /** The format of this text, should it ever change. */
  v: z.literal(1),
  /** The song. */
  s: z.string().refine(isId),
  /** Its file when the decision was made. */
  f: z.string().regex(/^[A-Za-z0-9_-]{16}$/),
  /** `raw`, or the format of the transcode. */
  t: z.string().regex(/^[a-z0-9]{1,16}$/),
  /** The transcode's bit rate, kbps; 0 for `raw`. */
  k: z.number().int().min(0).max(10_000),
  /** When it expires, Unix seconds. */
  e: z.number().int().positive(),
});
type Payload = z.infer<typeof payloadSchema>;

/** Which file a decision was made for, without saying where it is stored. */
function fileMark(audioKey: string): string {
  return createHash('sha256').update(audioKey).digest('base64url').slice(0, 16);
}

/**
 * The `transcodeParams` of OpenSubsonic's transcoding extension: the decision, for one song's
 * file, signed with a key of its own derived from the server's secret (HMAC-SHA256), so that
 * `getTranscodeStream` sends only what `getTranscodeDecision` decided and nothing a client made
 * up. It holds for `TRANSCODE_PARAMS_LIFETIME_SECONDS` and while the song keeps the same file;
 * it is base64url text, as it goes in a URL.
 */
export class TranscodeParams {
  private readonly key: Buffer;

  constructor(
    serverSecret: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.key = deriveKey(serverSecret, 'subsonic-transcode-params');
  }

  sign(song: { readonly id: string; readonly audioKey: string }, stream: DecidedStream): string {
    const payload: Payload = {
      v: 1,
      s: song.id,
      f: fileMark(song.audioKey),
      t: stream.kind === 'original' ? 'raw' : stream.format,
      k: stream.kind === 'original' ? 0 : stream.kbps,
      e: Math.floor(this.clock().getTime() / 1000) + TRANSCODE_PARAMS_LIFETIME_SECONDS,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The stream a `transcodeParams` text decided for this song, or why it is refused. */
  read(
    text: string,
    song: { readonly id: string; readonly audioKey: string },
  ): DecidedStream | TranscodeParamsRefusal {
    const payload = this.verified(text);
    if (payload === null) return 'forged';
    if (payload.s !== song.id) return 'other-song';
    if (payload.e <= this.clock().getTime() / 1000) return 'expired';
    if (payload.f !== fileMark(song.audioKey)) return 'file-changed';
    if (payload.t === 'raw') return { kind: 'original' };
    return { kind: 'transcode', format: payload.t, kbps: payload.k };
  }

  /** The payload of a text signed with this key, checked field by field; null otherwise. */
  private verified(text: string): Payload | null {
    if (text.length > MAX_LENGTH) return null;
    const parts = text.split('.');
    if (parts.length !== 2) return null;
    const [body = '', signature = ''] = parts;
    if (!BASE64URL.test(body) || !BASE64URL.test(signature)) return null;
    if (signature.length !== SIGNATURE_LENGTH) return null;
    // Compared as text: a signature written another way (other trailing bits) is refused too.
    if (!timingSafeEqual(Buffer.from(signature), Buffer.from(this.mac(body)))) return null;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
