/** A map of at most `capacity` entries that forgets the least recently used one first. */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  /** `onEvict` hears of each entry dropped to make room (not of those deleted). */
  constructor(
    readonly capacity: number,
    private readonly onEvict?: (value: V, key: K) => void,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // A Map iterates in insertion order: moving the key to the end marks it most recent.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Looks without marking the entry as used. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [K, V];
      this.entries.delete(oldestKey);
      this.onEvict?.(oldest, oldestKey);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Forgets every entry (without `onEvict`). */
  clear(): void {
    this.entries.clear();
  }
}
