import { isLibraryKey } from './library-object-store';
import type { ObjectStore } from './object-store';

/** A store that hands out presigned URLs of its objects. */
export type UrlSigner = Required<Pick<ObjectStore, 'signedGetUrl'>>;

/**
 * How long a presigned URL of a song outlives the song itself: a listener who pauses for a
 * while, or seeks back, still fetches ranges with the URL the player was given.
 */
export const DIRECT_LINK_MARGIN_SECONDS = 60 * 60;

export interface DirectLinkOptions {
  /** How long the media plays; the URL stays valid for this plus the margin. */
  readonly lengthSeconds: number;
  readonly contentType: string;
  /** A Content-Disposition for a download. */
  readonly disposition?: string;
}

/**
 * Presigned URLs of stored media for MEDIA_DELIVERY=redirect: the client then fetches the
 * object from the bucket, not through a server node. Null whenever the server serves the
 * object itself: local storage, MEDIA_DELIVERY=proxy, and the files of the folders scanned in
 * place, which only this node's disk has.
 */
export class DirectLinks {
  constructor(private readonly signer: UrlSigner | null) {}

  /** Whether `of` answers a URL for this key (so that callers look up its length only then). */
  covers(key: string): boolean {
    return this.signer !== null && !isLibraryKey(key);
  }

  async of(key: string, options: DirectLinkOptions): Promise<string | null> {
    if (!this.signer || !this.covers(key)) return null;
    const ttl = Math.ceil(Math.max(0, options.lengthSeconds)) + DIRECT_LINK_MARGIN_SECONDS;
    return this.signer.signedGetUrl(key, ttl, {
      contentType: options.contentType,
      ...(options.disposition ? { disposition: options.disposition } : {}),
    });
  }
}
