import { isLibraryKey } from './library-object-store';
import { isValidKey } from './object-store';

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
}
