import type { TableWrites } from './db/table-writes';
import type { Broadcast } from './redis-broadcast';

/** The tables whose rows song lists are made of: a write to any of them changes the catalogue. */
export const CATALOGUE_TABLES = ['songs', 'albums', 'artists', 'song_artists', 'images'] as const;

/** What nodes tell each other: the catalogue changed (no more is needed to drop what they keep). */
export type CatalogueChange = 'changed';

/**
 * Every change to the catalogue, made on this node (the database tells of each write, whichever
 * code makes it) or on another one (through Redis), so that what is kept of it can be dropped.
 * A read may keep what it found only if nothing changed since it began and no write is under way
 * (`unchangedSince`). Trusted like the session cache (decision 048): on one node (SQLite) when
 * this node's database is watched, or while the broadcast of the nodes is listening.
 */
export class CatalogueChanges implements TableWrites {
  private generation = 0;
  /** Writes begun and not yet committed or rolled back. */
  private open = 0;
  private broadcast: Broadcast<CatalogueChange> | null = null;
  private readonly listeners = new Set<() => void>();

  /**
   * `alone`: this node is the only one (SQLite); `watched`: its database reports writes here
   * (a database opened elsewhere, as benchmarks do, does not).
   */
  constructor(
    private readonly alone: boolean,
    private readonly watched: boolean,
  ) {}

  /** From now on, changes are told to (and heard from) the other nodes through `broadcast`. */
  connect(broadcast: Broadcast<CatalogueChange>): void {
    this.broadcast = broadcast;
    this.heard();
  }

  /** `listener` hears of each change (to drop what it keeps). */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  trusted(): boolean {
    if (!this.watched) return false;
    return this.broadcast ? this.broadcast.listening() : this.alone;
  }

  /** A mark to pass to `unchangedSince` with what a read begun now found. */
  mark(): number {
    return this.generation;
  }

  /** True when what a read begun at `mark` found may be kept. */
  unchangedSince(mark: number): boolean {
    return mark === this.generation && this.open === 0 && this.trusted();
  }

  began(): void {
    this.open += 1;
    this.heard();
  }

  async ended(): Promise<void> {
    this.open -= 1;
    this.heard();
    await this.broadcast?.publish('changed');
  }

  /** A change made here or on another node, or one that may have been missed. */
  heard(): void {
    this.generation += 1;
    for (const listener of this.listeners) listener();
  }
}
