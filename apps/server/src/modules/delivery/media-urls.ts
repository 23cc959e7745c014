import { createHmac, timingSafeEqual } from 'node:crypto';

export const AUDIO_URL_LIFETIME_MS = 6 * 60 * 60 * 1000;
/** Expiry is rounded up to this step so that URLs stay the same, and cacheable, for a while. */
const EXPIRY_STEP_MS = 10 * 60 * 1000;

export type DefaultImage = 'song' | 'playlist' | 'cover';

/** Signed audio URLs kept for the current expiry step at most (a few MB). */
const MAX_KEPT_AUDIO_URLS = 10_000;

/** Builds the URLs of media: plain ones for images, signed and expiring ones for audio. */
export class MediaUrls {
  private readonly key: Buffer;
  /**
   * The audio URLs signed for `keptExpiry`, by blob key: a list of 50 songs asked again signs
   * nothing. Dropped whole when the step moves on, or when full.
   */
  private readonly keptAudio = new Map<string, string>();
  private keptExpiry = 0;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('cadenza media urls').digest();
  }

  /** An image blob (key `images/…`) is served at `/media/<key>`; none falls back to a default. */
  image(key: string | null, fallback: DefaultImage): string {
    return key ? `/media/${key}` : `/media/defaults/${fallback}.jpg`;
  }

  /** An audio blob (key `audio/…`) is served at `/media/<key>` with an expiring signature. */
  audio(key: string, now = Date.now()): string {
    const expiresSeconds = this.expiryOf(now);
    if (expiresSeconds !== this.keptExpiry || this.keptAudio.size >= MAX_KEPT_AUDIO_URLS) {
      this.keptAudio.clear();
      this.keptExpiry = expiresSeconds;
    }
    let url = this.keptAudio.get(key);
    if (url === undefined) {
      url = `/media/${key}?expires=${expiresSeconds}&signature=${this.sign(key, expiresSeconds)}`;
      this.keptAudio.set(key, url);
    }
    return url;
  }

  /** When audio URLs signed at `now` expire (seconds): the same for a whole step. */
  expiryOf(now: number): number {
    const expires = Math.ceil((now + AUDIO_URL_LIFETIME_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
    return Math.floor(expires / 1000);
  }

  /** True when the signature matches and the URL has not expired. */
  verifyAudio(key: string, expires: string, signature: string, now = Date.now()): boolean {
    const expiresSeconds = Number(expires);
    if (!Number.isInteger(expiresSeconds) || expiresSeconds * 1000 <= now) return false;
    const expected = Buffer.from(this.sign(key, expiresSeconds));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(key: string, expiresSeconds: number): string {
    return createHmac('sha256', this.key).update(`${key}\n${expiresSeconds}`).digest('base64url');
  }
}
