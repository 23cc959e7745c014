import { LruCache } from '../../storage/lru-cache';
import type { ObjectHead } from '../../storage/object-store';
import { contentTypeOfExtension, UNKNOWN_CONTENT_TYPE } from './media-types';

/** How many keys' types are kept in memory: a key never changes type, its rows say it once. */
const CACHED_TYPES = 4096;

/**
 * The Content-Type of stored media: what the store kept with the object, else what its rows
 * record (cached: a key is written once, so its type never changes), else what the extension of
 * a key named before types lived in rows stands for.
 */
export class ContentTypes {
  private readonly recorded = new LruCache<string, string>(CACHED_TYPES);

  constructor(private readonly rows: { typeOf(key: string): Promise<string | null> }) {}

  async of(key: string, head: ObjectHead): Promise<string> {
    if (head.contentType) return head.contentType;
    const cached = this.recorded.get(key);
    if (cached) return cached;
    const recorded = await this.rows.typeOf(key);
    if (recorded === null) return contentTypeOfExtension(key) ?? UNKNOWN_CONTENT_TYPE;
    this.recorded.set(key, recorded);
    return recorded;
  }
}
