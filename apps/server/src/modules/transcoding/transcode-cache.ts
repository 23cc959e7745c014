import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectInventory, ObjectStore } from '../../storage/object-store';
import { FORMATS, type TranscodeFormat } from './stream-formats';

/** A write of a transcode left alone this long was cut short (one takes seconds). */
const UNFINISHED_WRITE_MS = 60 * 60 * 1000;

/** What a cached transcode is of: the song's file, and what it was made as. */
export interface TranscodeOf {
  readonly audioKey: string;
  readonly format: TranscodeFormat;
  readonly kbps: number;
}

/**
 * Finished transcodes, kept so that the next request for the same one is answered from a file,
 * with ranges, instead of running ffmpeg again: at most `limitBytes` of them, the least recently
 * used removed first. Only a transcode ffmpeg finished cleanly is kept; one stopped or failed
 * half-way leaves nothing (the store's writes are whole or nothing). What is kept is known from
 * the store at start, so the cache outlives a restart.
 */
export class TranscodeCache {
  /** Keys and sizes, least recently used first. */
  private readonly entries = new Map<string, number>();
  /** Transcodes being written, by key: settled when each is kept, or is not. */
  private readonly making = new Map<string, Promise<void>>();
  private total = 0;
  private readonly loaded: Promise<void>;

  constructor(
    readonly store: ObjectStore & ObjectInventory,
    private readonly limitBytes: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.loaded = limitBytes > 0 ? this.load() : Promise.resolve();
  }

  get enabled(): boolean {
    return this.limitBytes > 0;
  }

  /** The bytes kept now. */
  get bytes(): number {
    return this.total;
  }

  keyOf({ audioKey, format, kbps }: TranscodeOf): string {
    const digest = createHash('sha256').update(`${audioKey}\n${format}\n${kbps}`).digest('hex');
    return `${digest.slice(0, 40)}.${FORMATS[format].suffix}`;
  }

  /**
   * The key of the finished transcode, if it is kept; counts as a use. The store says whether it
   * is: in a bucket several nodes share, another may have made it, or let it go.
   */
  async find(of: TranscodeOf): Promise<string | null> {
    if (!this.enabled) return null;
    await this.loaded;
    const key = this.keyOf(of);
    const head = await this.store.head(key);
    if (!head) {
      this.forget(key);
      return null;
    }
    this.remember(key, head.bytes);
    await this.evict();
    return this.entries.has(key) ? key : null;
  }

  /**
   * Writes `source` as the transcode of `of`, and keeps it once `finished` says ffmpeg ended
   * cleanly; otherwise removes what was written. Never fails: the listener's stream does not
   * depend on it.
   */
  keep(of: TranscodeOf, source: Readable, finished: Promise<boolean>): Promise<void> {
    const key = this.keyOf(of);
    // Cut short before the store reads it (its listener gone at once), the copy's error is
    // heard here; the store's write sees the stream destroyed and keeps nothing.
    source.on('error', () => undefined);
    const kept = this.write(key, of, source, finished).finally(() => this.making.delete(key));
    this.making.set(key, kept);
    return kept;
  }

  /**
   * The key of the finished transcode of `of`: kept already, or once the one being made is kept,
   * or made now by `start` and kept (one being made for a listener who left is cut short, and is
   * made again). Null when it cannot be kept (failed, or over the limit).
   */
  async whole(
    of: TranscodeOf,
    start: () => Promise<{ readonly output: Readable; readonly finished: Promise<boolean> }>,
  ): Promise<string | null> {
    const found = await this.find(of);
    if (found !== null || !this.enabled) return found;
    const key = this.keyOf(of);
    const being = this.making.get(key);
    if (being) {
      await being;
      const kept = await this.find(of);
      if (kept !== null) return kept;
    }
    await (this.making.get(key) ?? this.makeWhole(key, of, start));
    return this.find(of);
  }

  /** Makes a transcode for the cache alone: nobody's leaving stops it. */
  private makeWhole(
    key: string,
    of: TranscodeOf,
    start: () => Promise<{ readonly output: Readable; readonly finished: Promise<boolean> }>,
  ): Promise<void> {
    const made = (async () => {
      const running = await start();
      await this.write(key, of, running.output, running.finished);
    })().finally(() => this.making.delete(key));
    this.making.set(key, made);
    return made;
  }

  private async write(
    key: string,
    of: TranscodeOf,
    source: Readable,
    finished: Promise<boolean>,
  ): Promise<void> {
    try {
      await this.loaded;
      const written = await this.store.put(key, source, {
        contentType: FORMATS[of.format].mime,
        maxBytes: this.limitBytes,
      });
      if (!(await finished)) {
        await this.store.delete(key);
        return;
      }
      this.remember(key, written.bytes);
      await this.evict();
    } catch (error) {
      source.destroy();
      this.log.debug({ err: error, key }, 'transcode not cached');
    }
  }

  private forget(key: string): void {
    const bytes = this.entries.get(key);
    if (bytes === undefined) return;
    this.entries.delete(key);
    this.total -= bytes;
  }

  private remember(key: string, bytes: number): void {
    const before = this.entries.get(key);
    if (before !== undefined) this.total -= before;
    this.entries.delete(key);
    this.entries.set(key, bytes);
    this.total += bytes;
  }

  private async evict(): Promise<void> {
    for (const [key, bytes] of this.entries) {
      if (this.total <= this.limitBytes) return;
      this.entries.delete(key);
      this.total -= bytes;
      await this.store.delete(key);
    }
  }

  /** What a previous run kept, oldest first; over the limit (a lowered one), the oldest go. */
  private async load(): Promise<void> {
    const found: Array<{ key: string; time: number; bytes: number }> = [];
    try {
      // Writes a crash cut short; not those of other nodes sharing the bucket, still under way.
      await this.store.removeStaleTemporaries(new Date(Date.now() - UNFINISHED_WRITE_MS));
      for await (const listing of this.store.list()) {
        const head = await this.store.head(listing.key);
        if (head)
          found.push({ key: listing.key, time: listing.modifiedAt.getTime(), bytes: head.bytes });
      }
      found.sort((a, b) => a.time - b.time);
      for (const entry of found) this.remember(entry.key, entry.bytes);
      await this.evict();
    } catch (error) {
      this.log.warn({ err: error }, 'the transcode cache could not be read');
    }
  }
}
