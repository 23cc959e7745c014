import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Caller } from '../../domain/caller';
import { STREAMING_QUALITIES, type StreamingQuality } from '@cadenza/contract/streaming-quality';

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
 * The URLs for whoever makes `request`: audio links that carry the caller's own streaming limit.
 * Every song with an audio link is presented through these.
 */
export function urlsFor(urls: MediaUrls, request: { readonly caller: Caller | null }): MediaUrls {
  return urls.forListener(request.caller?.streamingQualityLimit ?? 'original');
}

/** The account's own streaming limit an audio URL carries, signed with it; null for none. */
export function streamingLimitNamed(name: string | undefined): StreamingQuality | null {
  return STREAMING_QUALITIES.find((quality) => quality === name && quality !== 'original') ?? null;
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

  /** The same URLs for listeners with a streaming limit of their own, by limit. */
  private readonly limited = new Map<StreamingQuality, MediaUrls>();

  constructor(
    private readonly secret: string,
    private readonly options: MediaUrlsOptions = {},
    /** The listener's own streaming limit, carried by each audio URL and signed with it. */
    private readonly streamingLimit: StreamingQuality | null = null,
    /** The URLs without a limit, whose copies these are. */
    private readonly root: MediaUrls | null = null,
  ) {
    this.key = createHmac('sha256', secret).update('cadenza media urls').digest();
    this.signsImages = options.signImages ?? false;
  }

  /**
   * The URLs for a listener whose account has `limit`: their audio links carry it (signed, so
   * that it cannot be taken off), and streams are made no richer than it.
   */
  forListener(limit: StreamingQuality): MediaUrls {
    const root = this.root ?? this;
    if (limit === 'original') return root;
    let urls = root.limited.get(limit);
    if (!urls) {
      urls = new MediaUrls(this.secret, this.options, limit, root);
      root.limited.set(limit, urls);
    }
    return urls;
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
    return this.signed(key, now, this.streamingLimit);
  }

  private signed(key: string, now: number, limit: StreamingQuality | null = null): string {
    const expiresSeconds = this.expiryOf(now);
    if (expiresSeconds !== this.keptExpiry || this.keptSigned.size >= MAX_KEPT_SIGNED_URLS) {
      this.keptSigned.clear();
      this.keptExpiry = expiresSeconds;
    }
    let url = this.keptSigned.get(key);
    if (url === undefined) {
      const limited = limit === null ? '' : `&limit=${limit}`;
      url = `/media/${key}?expires=${expiresSeconds}${limited}&signature=${this.sign(key, expiresSeconds, limit)}`;
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
  verifyAudio(
    key: string,
    expires: string,
    signature: string,
    now = Date.now(),
    limit: StreamingQuality | null = null,
  ): boolean {
    const expiresSeconds = Number(expires);
    if (!Number.isInteger(expiresSeconds) || expiresSeconds * 1000 <= now) return false;
    const expected = Buffer.from(this.sign(key, expiresSeconds, limit));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The same check for an image URL of a private site. */
  verifyImage(key: string, expires: string, signature: string, now = Date.now()): boolean {
    return this.verifyAudio(key, expires, signature, now);
  }

  private sign(key: string, expiresSeconds: number, limit: StreamingQuality | null): string {
    const signed =
      limit === null ? `${key}\n${expiresSeconds}` : `${key}\n${expiresSeconds}\n${limit}`;
    return createHmac('sha256', this.key).update(signed).digest('base64url');
  }
}
