/** A map holding at most `maxBytes` of values (as `sizeOf` counts them), least recently used out first. */
export class ByteLruCache<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (value: V, key: K) => number,
  ) {}

  /** The bytes held now. */
  get bytes(): number {
    return this.total;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // A Map iterates in insertion order: moving the key to the end marks it most recent.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` (counted again if it grew), unless it alone is larger than the whole cache. */
  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(value, key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldestKey);
      this.total -= oldest.bytes;
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
