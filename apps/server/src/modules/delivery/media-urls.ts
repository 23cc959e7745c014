import { createHmac, timingSafeEqual } from 'node:crypto';

export const AUDIO_URL_LIFETIME_MS = 6 * 60 * 60 * 1000;
/** Expiry is rounded up to this step so that URLs stay the same, and cacheable, for a while. */
const EXPIRY_STEP_MS = 10 * 60 * 1000;

export type DefaultImage = 'song' | 'playlist' | 'cover';

/** Signed URLs kept for the current expiry step at most (a few MB). */
const MAX_KEPT_SIGNED_URLS = 10_000;

export interface MediaUrlsOptions {
  /**
   * Images are signed like audio (SITE_MODE=private): a picture of the library is for its
   * members only, and an `<img>` cannot send the session's header. Plain URLs otherwise.
   */
  readonly signImages?: boolean;
}

/**
 * Builds the URLs of media: signed and expiring ones for audio; plain ones for images, signed
 * ones on a private site.
 */
export class MediaUrls {
  private readonly key: Buffer;
  /** True when image URLs carry a signature, and `/media/images` asks for one. */
  readonly signsImages: boolean;
  /**
   * The URLs signed for `keptExpiry`, by blob key: a list of 50 songs asked again signs
   * nothing. Dropped whole when the step moves on, or when full.
   */
  private readonly keptSigned = new Map<string, string>();
  private keptExpiry = 0;

  constructor(secret: string, options: MediaUrlsOptions = {}) {
    this.key = createHmac('sha256', secret).update('cadenza media urls').digest();
    this.signsImages = options.signImages ?? false;
  }

  /**
   * An image blob (key `images/…`) is served at `/media/<key>`, with an expiring signature on a
   * private site; none falls back to a default (bundled, the same for everyone: never signed).
   */
  image(key: string | null, fallback: DefaultImage, now = Date.now()): string {
    if (!key) return `/media/defaults/${fallback}.jpg`;
    return this.signsImages ? this.signed(key, now) : `/media/${key}`;
  }

  /** An audio blob (key `audio/…`) is served at `/media/<key>` with an expiring signature. */
  audio(key: string, now = Date.now()): string {
    return this.signed(key, now);
  }

  private signed(key: string, now: number): string {
    const expiresSeconds = this.expiryOf(now);
    if (expiresSeconds !== this.keptExpiry || this.keptSigned.size >= MAX_KEPT_SIGNED_URLS) {
      this.keptSigned.clear();
      this.keptExpiry = expiresSeconds;
    }
    let url = this.keptSigned.get(key);
    if (url === undefined) {
      url = `/media/${key}?expires=${expiresSeconds}&signature=${this.sign(key, expiresSeconds)}`;
      this.keptSigned.set(key, url);
    }
    return url;
  }

  /** When URLs signed at `now` expire (seconds): the same for a whole step. */
  expiryOf(now: number): number {
    const expires = Math.ceil((now + AUDIO_URL_LIFETIME_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
    return Math.floor(expires / 1000);
  }

  /**
   * True when the signature matches and the URL has not expired. A signature names its key, so
   * an image's never opens an audio file, nor the reverse.
   */
  verifyAudio(key: string, expires: string, signature: string, now = Date.now()): boolean {
    const expiresSeconds = Number(expires);
    if (!Number.isInteger(expiresSeconds) || expiresSeconds * 1000 <= now) return false;
    const expected = Buffer.from(this.sign(key, expiresSeconds));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The same check for an image URL of a private site. */
  verifyImage(key: string, expires: string, signature: string, now = Date.now()): boolean {
    return this.verifyAudio(key, expires, signature, now);
  }

  private sign(key: string, expiresSeconds: number): string {
    return createHmac('sha256', this.key).update(`${key}\n${expiresSeconds}`).digest('base64url');
  }
}
