import type { CommitNotice, TableWrites, WatchedTables } from './db/table-writes';
import type { Broadcast } from './broadcast';

/**
 * The tables whose rows song lists are made of: a write to any of them changes the catalogue.
 * A play is not a change: its count goes to `song_play_totals` (no list shows it, and plays are
 * the most frequent write).
 */
export const CATALOGUE_TABLES: WatchedTables = {
  tables: ['songs', 'albums', 'artists', 'song_artists', 'song_genres', 'genres', 'images'],
};

/** What nodes tell each other: the catalogue changed (no more is needed to drop what they keep). */
export type CatalogueChange = 'changed';

/**
 * Every change to the catalogue, made on this node (the database tells of each write, whichever
 * code makes it) or on another one (through Redis, or PostgreSQL's NOTIFY), so that what is
 * kept of it can be dropped. A read may keep what it found only if nothing changed since it
 * began and no write is under way (`unchangedSince`). Trusted like the session cache (decision
 * 048): on one node (SQLite) when this node's database is watched, or while the broadcast of
 * the nodes is listening.
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

  /** SQLite: what tells that another process wrote to the file (`cadenza scan`, a shell). */
  private writesElsewhere: (() => number) | null = null;
  private seenElsewhere = 0;

  /** Each check of trust first asks `writesElsewhere` whether another process wrote meanwhile. */
  watchWritesElsewhere(writesElsewhere: () => number): void {
    this.writesElsewhere = writesElsewhere;
    this.seenElsewhere = writesElsewhere();
  }

  /** From now on, changes are told to (and heard from) the other nodes through `broadcast`. */
  connect(broadcast: Broadcast<CatalogueChange>): void {
    this.broadcast = broadcast;
    this.heard();
  }

  /** `listener` hears of each change (to drop what it keeps). */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** True while every change reaches this node; a write by another process is heard first. */
  trusted(): boolean {
    if (!this.watched) return false;
    if (this.writesElsewhere) {
      const seen = this.writesElsewhere();
      if (seen !== this.seenElsewhere) {
        this.seenElsewhere = seen;
        this.heard();
      }
    }
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

  /** The broadcast's statement that tells the change as the write commits (PostgreSQL). */
  atCommit(): CommitNotice | null {
    return this.broadcast?.atCommit?.('changed') ?? null;
  }

  async ended(): Promise<void> {
    this.open -= 1;
    this.heard();
    // A broadcast told at commit has told it already (and told nothing of a rollback).
    if (this.broadcast && !this.broadcast.atCommit) await this.broadcast.publish('changed');
  }

  /** A change made here or on another node, or one that may have been missed. */
  heard(): void {
    this.generation += 1;
    for (const listener of this.listeners) listener();
  }
}
