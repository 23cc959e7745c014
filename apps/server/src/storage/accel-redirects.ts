import { isLibraryKey } from './library-object-store';
import { isValidKey } from './object-store';

/**
 * The longest time nginx may reuse the server's answer for one signed audio URL before asking
 * again. Within it nginx sends every range of that URL without a request to the server.
 */
export const ACCEL_REUSE_SECONDS = 10 * 60;

/**
 * `X-Accel-Redirect` paths for MEDIA_DELIVERY=accel: the server checks the request (signature,
 * the object's existence) and nginx in front sends the file from DATA_DIR/media, through an
 * `internal` location at `prefix`, with sendfile. Null whenever the server sends the bytes
 * itself: another delivery, and the files of the folders scanned in place, which lie outside
 * DATA_DIR/media.
 */
export class AccelRedirects {
  constructor(private readonly prefix: string | null) {}

  of(key: string): string | null {
    if (this.prefix === null || isLibraryKey(key) || !isValidKey(key)) return null;
    return this.prefix + key.split('/').map(encodeURIComponent).join('/');
  }

  /**
   * `X-Accel-Expires` for the answer to a signed URL that expires at `linkExpiresSeconds`: the
   * absolute time (`@` seconds since the epoch) up to which nginx may cache the answer, at most
   * ACCEL_REUSE_SECONDS from now and always before the link expires. nginx still counts the
   * second it names, and the link is refused from its expiry second on: hence the one less.
   */
  reuseUntil(linkExpiresSeconds: number, now = Date.now()): string {
    const nowSeconds = Math.floor(now / 1000);
    return `@${Math.min(linkExpiresSeconds - 1, nowSeconds + ACCEL_REUSE_SECONDS)}`;
  }
}
