import type { CatalogueChanges } from './catalogue-changes';
import { ByteLruCache } from './storage/byte-lru-cache';

/**
 * What reads of the catalogue found, kept on this node by key until the catalogue changes (here
 * or on another node): a read may keep its value only if nothing changed while it ran and no
 * write is under way, and nothing is kept or served while changes may not reach this node
 * (`CatalogueChanges.trusted`). Reads of one key at once share one read. The key must name
 * everything else the value depends on.
 */
export class KeptWhileUnchanged<V> {
  private readonly kept: ByteLruCache<string, V>;
  /** Reads under way, by generation and key. */
  private readonly reading = new Map<string, Promise<V>>();

  constructor(
    private readonly changes: CatalogueChanges,
    maxBytes: number,
    sizeOf: (value: V, key: string) => number,
  ) {
    this.kept = new ByteLruCache(maxBytes, sizeOf);
    changes.onChange(() => this.kept.clear());
  }

  /** The bytes held now, as `sizeOf` counts them. */
  get bytes(): number {
    return this.kept.bytes;
  }

  /** True when what is kept may be served (and reads kept). */
  usable(): boolean {
    return this.changes.trusted();
  }

  /** The value kept for `key`, or what `read` finds (kept if it may be). */
  async get(key: string, read: () => Promise<V>): Promise<V> {
    if (this.changes.trusted()) {
      const kept = this.kept.get(key);
      if (kept !== undefined) return kept;
    }
    const mark = this.changes.mark();
    const readKey = `${mark}\n${key}`;
    const pending = this.reading.get(readKey);
    if (pending) return pending;
    const reading = (async () => {
      const value = await read();
      if (this.changes.unchangedSince(mark)) this.kept.set(key, value);
      return value;
    })();
    this.reading.set(readKey, reading);
    try {
      return await reading;
    } finally {
      this.reading.delete(readKey);
    }
  }
}
