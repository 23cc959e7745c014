import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { NodeLocks } from '../../db/node-locks';
import type { ObjectInventory, ObjectStore } from '../../storage/object-store';
import { coverOfVariantKey } from '../images/cover-variants';
import type { MaintenanceRepository } from './maintenance.repository';

const HOUR_MS = 60 * 60 * 1000;
/** How often the periodic sweep runs. */
export const SWEEP_INTERVAL_MS = HOUR_MS;
/**
 * A blob or unfinished write younger than this is left alone by the periodic sweep: an upload
 * may have written its file and not yet committed its row.
 */
export const FILE_GRACE_MS = HOUR_MS;
/** Mail kept in the outbox (DATA_DIR/outbox) this long. */
export const OUTBOX_RETENTION_MS = 30 * 24 * HOUR_MS;
/**
 * An invitation used or expired is kept this long after it ended (who joined through which link,
 * while the mail that carried it may still be in the outbox), then removed.
 */
export const ENDED_INVITATION_RETENTION_MS = OUTBOX_RETENTION_MS;
/** Blobs checked against the database per query. */
const BLOB_BATCH = 500;
/** Only these are media the rows own; anything else under the media root is not ours to judge. */
const SWEPT_PREFIXES = ['audio/', 'images/'];
/** Files named in one log line; the counts are always whole. */
const LOGGED_FILES = 100;
const REMOVED_LABELS = {
  orphanedBlobs: 'orphaned media files',
  staleTemporaries: 'unfinished uploads',
  outboxFiles: 'old outbox mails',
  expiredRevocations: 'expired token revocations',
  spentPasswordResets: 'spent password reset links',
  endedLoginAttempts: 'login attempt counts of ended windows',
  expiredSessions: 'expired sessions',
  spentEmailChanges: 'spent e-mail confirmation links',
  endedInvitations: 'ended invitations',
} as const;

export interface SweepReport {
  /** Audio and image blobs no row named. */
  readonly orphanedBlobs: string[];
  /** Unfinished writes (temporary files) of uploads that never completed. */
  readonly staleTemporaries: string[];
  /** Outbox mail older than the retention. */
  readonly outboxFiles: string[];
  readonly expiredRevocations: number;
  readonly spentPasswordResets: number;
  readonly endedLoginAttempts: number;
  readonly expiredSessions: number;
  readonly spentEmailChanges: number;
  /** Invitations used or expired longer ago than the retention. */
  readonly endedInvitations: number;
  /** The steps that failed (each is logged); the others ran all the same. */
  readonly failedSteps: readonly MaintenanceStep[];
}

/** The steps of a sweep, named as in its report. */
export type MaintenanceStep = keyof typeof REMOVED_LABELS;

type RemovedCounts = Record<keyof typeof REMOVED_LABELS, number>;

function countsOf(report: SweepReport): RemovedCounts {
  return {
    orphanedBlobs: report.orphanedBlobs.length,
    staleTemporaries: report.staleTemporaries.length,
    outboxFiles: report.outboxFiles.length,
    expiredRevocations: report.expiredRevocations,
    spentPasswordResets: report.spentPasswordResets,
    endedLoginAttempts: report.endedLoginAttempts,
    expiredSessions: report.expiredSessions,
    spentEmailChanges: report.spentEmailChanges,
    endedInvitations: report.endedInvitations,
  };
}

export interface SweepOptions {
  readonly now: Date;
  /**
   * Files last written before this are swept; later ones may belong to uploads in progress.
   * Default: `now` less the grace period. At start-up, the moment the server started: nothing
   * of this process was written before it, so whatever is unclaimed was left by a crash.
   */
  readonly filesBefore?: Date;
}

export interface ScheduledMaintenance {
  /** Settles when the start-up sweep is done (it never rejects: failures are logged). */
  readonly firstSweep: Promise<void>;
  stop(): Promise<void>;
}

export interface MaintenanceDeps {
  readonly repository: MaintenanceRepository;
  /** One node at a time sweeps: the others skip a round that one of them is doing. */
  readonly locks: NodeLocks;
  /**
   * True when this process is the only server on its database and media (SQLite): its start-up
   * sweep takes whatever is unclaimed from before it started. With other nodes, their uploads in
   * progress may be older than this start, so it keeps the grace period like any other round.
   */
  readonly soleNode: boolean;
  readonly objects: ObjectStore & ObjectInventory;
  readonly outboxDir: string;
  readonly log: FastifyBaseLogger;
}

/**
 * Housekeeping that nothing else does: after a crash mid-upload (kill -9, power loss) the blob
 * store keeps files no row names and temporary files of writes that never finished; tables keep
 * rows that can never match again (expired sessions and revocations, spent links, ended login
 * windows and invitations); the outbox keeps every mail ever written.
 */
export class Maintenance {
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(private readonly deps: MaintenanceDeps) {}

  /**
   * One sweep of everything; tests call it directly. Each step runs on its own: one that fails
   * (a bucket that refuses to list unfinished uploads, an outbox that cannot be read) is logged
   * and named in the report, and the steps after it still run.
   */
  async sweep(options: SweepOptions): Promise<SweepReport> {
    const filesBefore = options.filesBefore ?? new Date(options.now.getTime() - FILE_GRACE_MS);
    const failedSteps: MaintenanceStep[] = [];
    const step = async <T>(name: MaintenanceStep, none: T, run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (error) {
        failedSteps.push(name);
        this.deps.log.error({ err: error, step: name }, `maintenance: step ${name} failed`);
        return none;
      }
    };
    const staleTemporaries = await step('staleTemporaries', [], () =>
      this.deps.objects.removeStaleTemporaries(filesBefore),
    );
    const orphanedBlobs = await step('orphanedBlobs', [], () => this.sweepBlobs(filesBefore));
    const outboxFiles = await step('outboxFiles', [], () =>
      this.purgeOutbox(new Date(options.now.getTime() - OUTBOX_RETENTION_MS)),
    );
    const expiredRevocations = await step('expiredRevocations', 0, () =>
      this.deps.repository.purgeExpiredRevocations(options.now),
    );
    const spentPasswordResets = await step('spentPasswordResets', 0, () =>
      this.deps.repository.purgeSpentPasswordResets(options.now),
    );
    const endedLoginAttempts = await step('endedLoginAttempts', 0, () =>
      this.deps.repository.purgeEndedLoginAttempts(options.now),
    );
    const expiredSessions = await step('expiredSessions', 0, () =>
      this.deps.repository.purgeExpiredSessions(options.now),
    );
    const spentEmailChanges = await step('spentEmailChanges', 0, () =>
      this.deps.repository.purgeSpentEmailChanges(options.now),
    );
    const endedInvitations = await step('endedInvitations', 0, () =>
      this.deps.repository.purgeEndedInvitations(
        new Date(options.now.getTime() - ENDED_INVITATION_RETENTION_MS),
      ),
    );
    return {
      orphanedBlobs,
      staleTemporaries,
      outboxFiles,
      expiredRevocations,
      spentPasswordResets,
      endedLoginAttempts,
      expiredSessions,
      spentEmailChanges,
      endedInvitations,
      failedSteps,
    };
  }

  /** One round of the schedule: the sweep, or null when another node is doing it. */
  async sweepRound(options: SweepOptions): Promise<SweepReport | null> {
    const round = await this.deps.locks.runIfFree('maintenance', () => this.sweep(options));
    return round.ran ? round.value : null;
  }

  /**
   * Sweeps now, in the background, for everything left before this moment (a sole node; with
   * others, with the grace period), then every `intervalMs` with the grace period, each round
   * skipped while another node sweeps; the timer does not keep the process alive. `stop`
   * cancels the timer and waits for a sweep under way (which stops at its next batch): the
   * server calls it before it closes the database.
   */
  schedule(intervalMs = SWEEP_INTERVAL_MS): ScheduledMaintenance {
    const startedAt = new Date();
    this.stopping = false;
    const firstSweep = this.runLogged('start-up', {
      now: startedAt,
      ...(this.deps.soleNode ? { filesBefore: startedAt } : {}),
    });
    const timer = setInterval(
      () => void this.runLogged('periodic', { now: new Date() }),
      intervalMs,
    );
    timer.unref();
    return {
      firstSweep,
      stop: async () => {
        clearInterval(timer);
        this.stopping = true;
        await this.running;
      },
    };
  }

  /** Runs one sweep unless one is under way; never fails (a failure is logged). */
  private runLogged(kind: 'start-up' | 'periodic', options: SweepOptions): Promise<void> {
    if (this.running) return this.running;
    const log = this.deps.log;
    this.running = this.sweepRound(options)
      .then((report) => {
        if (report) this.logRemoved(kind, report);
        else log.info({ kind }, `maintenance: ${kind} sweep skipped: another node is sweeping`);
        // The start-up sweep always says it finished: an operator (or a test) can wait for it.
        if (kind === 'start-up') {
          log.info(
            { kind, ...(report ? countsOf(report) : {}) },
            'maintenance: start-up sweep finished',
          );
        }
      })
      .catch((error: unknown) => log.error({ err: error }, `maintenance: ${kind} sweep failed`))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Logs what a sweep removed, with the files (the first of them), if anything. */
  private logRemoved(kind: 'start-up' | 'periodic', report: SweepReport): void {
    const counts = countsOf(report);
    const removed = Object.entries(REMOVED_LABELS)
      .filter(([field]) => counts[field as keyof RemovedCounts] > 0)
      .map(([field, label]) => `${counts[field as keyof RemovedCounts]} ${label}`);
    if (removed.length === 0) return;
    const files = [...report.orphanedBlobs, ...report.staleTemporaries, ...report.outboxFiles];
    this.deps.log.info(
      { kind, ...counts, files: files.slice(0, LOGGED_FILES) },
      `maintenance: ${kind} sweep removed ${removed.join(', ')}`,
    );
  }

  /**
   * Audio and image blobs written before `before` that no row names, and resized covers whose
   * cover is gone.
   */
  private async sweepBlobs(before: Date): Promise<string[]> {
    const removed: string[] = [];
    let batch: string[] = [];
    for await (const blob of this.deps.objects.list()) {
      if (this.stopping) break;
      const cover = coverOfVariantKey(blob.key);
      if (cover !== null) {
        if (blob.modifiedAt < before && !(await this.deps.objects.head(cover))) {
          await this.deps.objects.delete(blob.key);
          removed.push(blob.key);
        }
        continue;
      }
      if (!SWEPT_PREFIXES.some((prefix) => blob.key.startsWith(prefix))) continue;
      if (blob.modifiedAt >= before) continue;
      batch.push(blob.key);
      if (batch.length === BLOB_BATCH) {
        removed.push(...(await this.removeUnreferenced(batch, before)));
        batch = [];
      }
    }
    if (batch.length > 0 && !this.stopping) {
      removed.push(...(await this.removeUnreferenced(batch, before)));
    }
    return removed;
  }

  private async removeUnreferenced(keys: string[], before: Date): Promise<string[]> {
    const referenced = await this.deps.repository.referencedBlobKeys(keys);
    const removed: string[] = [];
    for (const key of keys) {
      if (referenced.has(key)) continue;
      // Looked at again just before it goes: a put may have written the key again since it was
      // listed, and its row may be on its way.
      const head = await this.deps.objects.head(key);
      if (!head || head.modifiedAt >= before) continue;
      await this.deps.objects.delete(key);
      removed.push(key);
    }
    return removed;
  }

  /** Outbox mail (`*.eml`) written before `before`. */
  private async purgeOutbox(before: Date): Promise<string[]> {
    let names: string[];
    try {
      names = await fsp.readdir(this.deps.outboxDir);
    } catch {
      return [];
    }
    const removed: string[] = [];
    for (const name of names) {
      if (!name.endsWith('.eml')) continue;
      const file = path.join(this.deps.outboxDir, name);
      const stats = await fsp.lstat(file).catch(() => null);
      if (!stats?.isFile() || stats.mtime >= before) continue;
      await fsp.rm(file, { force: true });
      removed.push(`outbox/${name}`);
    }
    return removed;
  }
}
