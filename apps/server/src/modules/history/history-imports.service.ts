import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { HistorySource } from '@cadenza/contract/listening-history';
import { NotFound } from '../../errors';
import type { Transactor } from '../../db/transactor';
import type { PlayToRecord } from '../songs/plays.repository';
import { readHistoryFile, type BroughtListen } from './history-files';
import type { HistoryRepository, MatchCandidate } from './history.repository';
import type { HistoryImportRecord, StagedListen } from './history-records';
import type { HistoryWrites } from './history.service';
import { albumKey, listenKey, matchKey } from './listen-keys';

/** Listens matched and written per transaction. */
export const IMPORT_BATCH = 2000;

const importNotFound = () =>
  new NotFound('That import is not one of yours.', 'history_import_not_found');

export interface HistoryImportsDeps {
  readonly history: HistoryRepository;
  readonly transact: Transactor<HistoryWrites>;
  readonly log: FastifyBaseLogger;
  readonly clock: () => Date;
}

/** What one batch of listens came to. */
interface BatchOutcome {
  readonly processed: number;
  readonly matched: number;
  readonly unmatched: number;
  readonly duplicates: number;
}

/**
 * Brings a listener's history from another service: the file is read whole and refused whole
 * when it is not what it claims, then its listens are kept in file order and processed in
 * batches, each one transaction (claim the listens' keys, match them to songs with one lookup
 * per batch, write the plays with their counts, list the rest as unmatched, note the progress).
 * A restart carries on with the next batch; a listen already brought along is never again.
 */
export class HistoryImports {
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(private readonly deps: HistoryImportsDeps) {}

  /** Reads the file and starts its import in the background; answers it at once. */
  async start(userId: string, source: HistorySource, bytes: Buffer): Promise<HistoryImportRecord> {
    const file = readHistoryFile(source, bytes);
    const now = this.deps.clock().toISOString();
    const created = await this.deps.history.createImport(
      userId,
      source,
      file.listens,
      file.skipped,
      now,
    );
    this.launch(created);
    return created;
  }

  async find(userId: string, id: string): Promise<HistoryImportRecord> {
    const found = await this.deps.history.findImport(userId, id);
    if (!found) throw importNotFound();
    return found;
  }

  latest(userId: string): Promise<HistoryImportRecord[]> {
    return this.deps.history.latestImports(userId, 20);
  }

  /** Carries on with an import that stopped (failed, or cut off by a restart). */
  async resume(userId: string, id: string): Promise<HistoryImportRecord> {
    const found = await this.find(userId, id);
    if (found.status === 'done') return found;
    if (found.status === 'failed' && !(await this.deps.history.reopenImport(id))) return found;
    this.launch(found);
    return this.find(userId, id);
  }

  /** Carries on with every import a restart interrupted. */
  async resumeInterrupted(): Promise<void> {
    for (const stopped of await this.deps.history.runningImports()) this.launch(stopped);
  }

  /** Settles when the imports running now have stopped. */
  async idle(): Promise<void> {
    await Promise.all([...this.running.values()]);
  }

  /**
   * Stops every import after the batch it is on (for a server closing): they stay running in
   * the database, and the next start-up carries on with them.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.idle();
  }

  private launch(record: HistoryImportRecord): void {
    if (this.stopping || this.running.has(record.id)) return;
    const run = this.run(record)
      .catch(async (error: unknown) => {
        this.deps.log.error({ err: error, importId: record.id }, 'A history import stopped');
        await this.deps.history
          .finishImport(record.id, 'failed', this.deps.clock().toISOString())
          .catch(() => undefined);
      })
      .finally(() => this.running.delete(record.id));
    this.running.set(record.id, run);
  }

  private async run(record: HistoryImportRecord): Promise<void> {
    await this.deps.history.refreshMatchKeys();
    for (;;) {
      if (this.stopping) return;
      const outcome = await this.deps.transact(async ({ history, plays }) => {
        await history.lockImport(record.id);
        const listens = await history.nextListens(record.id, IMPORT_BATCH);
        const last = listens[listens.length - 1];
        if (!last) return null;
        const batch = await this.processBatch(record, listens, { history, plays });
        await history.completeListens(record.id, last.position, batch);
        return batch;
      });
      if (outcome === null) break;
      // SQLite's driver answers without ever leaving the event loop: let requests (the page
      // polling this import's progress among them) in between batches.
      await setImmediate();
    }
    await this.deps.history.finishImport(record.id, 'done', this.deps.clock().toISOString());
  }

  private async processBatch(
    record: HistoryImportRecord,
    listens: readonly StagedListen[],
    { history, plays }: HistoryWrites,
  ): Promise<BatchOutcome> {
    const keyed = listens.map((listen) => ({
      listen,
      identity: listenKey(listen.playedAt, listen.artist, listen.title),
      key: matchKey(listen.artist, listen.title),
    }));
    const claimed = await history.claimListenKeys(
      record.userId,
      keyed.map((k) => k.identity),
    );
    const fresh = keyed.filter((k) => claimed.delete(k.identity));
    const bySong = candidatesByKey(await history.candidates(fresh.map((k) => k.key)));
    const toPlay: PlayToRecord[] = [];
    const unmatched: BroughtListen[] = [];
    for (const { listen, key } of fresh) {
      const songId = chooseSong(bySong.get(key), listen.album);
      if (songId) toPlay.push({ songId, playedAt: listen.playedAt });
      else unmatched.push(listen);
    }
    const matched = await plays.record(record.userId, toPlay);
    await history.addUnmatched(record.userId, record.source, unmatched);
    return {
      processed: listens.length,
      matched,
      unmatched: unmatched.length,
      duplicates: listens.length - fresh.length,
    };
  }
}

function candidatesByKey(candidates: readonly MatchCandidate[]): Map<string, MatchCandidate[]> {
  const byKey = new Map<string, MatchCandidate[]>();
  for (const candidate of candidates) {
    const list = byKey.get(candidate.matchKey);
    if (list) list.push(candidate);
    else byKey.set(candidate.matchKey, [candidate]);
  }
  return byKey;
}

/**
 * The song a listen was of among those of its artist and title: the one on its album when
 * several are, otherwise the first by id (the same song for every import).
 */
function chooseSong(candidates: readonly MatchCandidate[] | undefined, album: string | null) {
  if (!candidates || candidates.length === 0) return null;
  const ordered = [...candidates].sort((a, b) => (a.songId < b.songId ? -1 : 1));
  const wanted = albumKey(album);
  const onAlbum = wanted === '' ? undefined : ordered.find((c) => c.albumKey === wanted);
  return (onAlbum ?? ordered[0])?.songId ?? null;
}
