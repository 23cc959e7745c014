import type { CatalogueChanges } from '../../catalogue-changes';
import { ByteLruCache } from '../../storage/byte-lru-cache';

/** Memory the pages kept may take on a node, compressed copies included. */
export const SONG_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/** A page as the compression of the answers sent it for one Accept-Encoding. */
export interface EncodedPage {
  readonly encoding: string;
  readonly bytes: Buffer;
}

/** The serialised JSON of a page, and its compressed copies by the Accept-Encoding asked. */
interface Entry {
  readonly json: Buffer;
  readonly encoded: Map<string, EncodedPage>;
}

/** Compressed copies kept per page at most (browsers send a handful of Accept-Encodings). */
const ENCODINGS_PER_PAGE = 4;

/** What a page's answer depends on: who reads it, when its audio links expire, what was asked. */
export interface PageKey {
  /** When the signed links it holds expire (seconds): the same for ten minutes at a time. */
  readonly expires: number;
  readonly text: string;
}

/** The key of the page `query` asks of the song list as `audience` sees it, signed at `expires`. */
export function songPageKey(
  audience: string,
  expires: number,
  query: {
    readonly limit?: number | undefined;
    readonly cursor?: string | undefined;
    readonly genre?: string | undefined;
  },
): PageKey {
  return {
    expires,
    text: `${audience}\n${expires}\n${query.limit ?? ''}\n${query.genre ?? ''}\n${query.cursor ?? ''}`,
  };
}

/**
 * Song pages that are the same for everyone of an audience, kept as the bytes sent (and their
 * compressed copies, so that compression is paid once a page), shared by every request on this
 * node. Dropped whenever the catalogue changes, here or on another node; kept only while every
 * change reaches this node (`CatalogueChanges.trusted`). Pages of an earlier expiry step are
 * dropped as soon as another one is asked, so that links past their step are never sent.
 */
export class SongPageCache {
  private readonly entries: ByteLruCache<string, Entry>;
  private expires = 0;

  constructor(
    private readonly changes: CatalogueChanges,
    maxBytes = SONG_PAGE_CACHE_BYTES,
  ) {
    this.entries = new ByteLruCache(maxBytes, (entry, key) => {
      let bytes = key.length + entry.json.length;
      for (const copy of entry.encoded.values()) bytes += copy.bytes.length;
      return bytes;
    });
    changes.onChange(() => this.entries.clear());
  }

  /** The bytes held now. */
  get bytes(): number {
    return this.entries.bytes;
  }

  /** A mark to pass to `keep`, taken before the page is read. */
  mark(): number {
    return this.changes.mark();
  }

  /** The serialised page kept for `key` (its bytes, to be sent as they are), if any. */
  json(key: PageKey): Buffer | undefined {
    if (!this.current(key)) return undefined;
    return this.entries.get(key.text)?.json;
  }

  /** The page compressed for this Accept-Encoding, if it was once. */
  encoded(key: PageKey, acceptEncoding: string): EncodedPage | undefined {
    if (!this.current(key)) return undefined;
    return this.entries.get(key.text)?.encoded.get(acceptEncoding);
  }

  /** Keeps a page read since `mark`, unless the catalogue changed meanwhile. */
  keep(key: PageKey, mark: number, json: Buffer): void {
    if (!this.current(key) || !this.changes.unchangedSince(mark)) return;
    this.entries.set(key.text, { json, encoded: new Map() });
  }

  /** Keeps the compressed copy of the page kept as `json`, if it still is. */
  keepEncoded(key: PageKey, json: Buffer, acceptEncoding: string, page: EncodedPage): void {
    if (!this.current(key)) return;
    const entry = this.entries.get(key.text);
    // Another read may have kept the page again meanwhile: the copy is of these bytes only.
    if (!entry || entry.json !== json) return;
    if (entry.encoded.size >= ENCODINGS_PER_PAGE && !entry.encoded.has(acceptEncoding)) return;
    entry.encoded.set(acceptEncoding, page);
    this.entries.set(key.text, entry);
  }

  /** False when nothing may be kept or served; drops the pages of an earlier expiry step. */
  private current(key: PageKey): boolean {
    if (!this.changes.trusted()) return false;
    if (key.expires !== this.expires) {
      // Another step (the clock went on, or was set back): what was kept is for that one.
      this.entries.clear();
      this.expires = key.expires;
    }
    return true;
  }
}
