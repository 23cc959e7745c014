import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStore } from '../../storage/object-store';
import type { CheckName, CheckResult, ReadinessRecord, TranscodingRecord } from './health-record';
import type { HealthRepository } from './health.repository';

/** A check that has not answered by then has failed: a probe must never hang. */
const CHECK_TIMEOUT_MS = 3000;
/**
 * The storage probe writes this many real bytes: an empty file needs no free block, so a full
 * disk would still take it. One block of a common file system.
 */
const PROBE_BYTES = 4096;

export interface HealthServiceDeps {
  readonly repository: HealthRepository;
  readonly objects: ObjectStore;
  /** Every migration the code knows, by name. */
  readonly migrationNames: readonly string[];
  readonly log: FastifyBaseLogger;
  /** What this node can transcode (ffmpeg, found at start). */
  readonly transcoding: TranscodingRecord;
}

class CheckFailed extends Error {}

export interface MigrationState {
  readonly applied: number;
  readonly pending: readonly string[];
  readonly unknown: readonly string[];
}

/**
 * Readiness for load balancers (docs/product.md §11.6): the database answers, its schema is up to
 * date, and media can be stored. Failures are logged with their cause; the answer names only
 * which check failed, never a host or a path.
 */
export class HealthService {
  constructor(private readonly deps: HealthServiceDeps) {}

  async readiness(): Promise<ReadinessRecord> {
    const [database, migrations, storage] = await Promise.all([
      this.check('database', 'The database answers.', 'The database does not answer.', () =>
        this.deps.repository.ping(),
      ),
      this.check(
        'migrations',
        `All ${this.deps.migrationNames.length} migrations are applied.`,
        'The applied migrations cannot be read.',
        () => this.ensureMigrated(),
      ),
      this.check(
        'storage',
        'The media store can be written to.',
        'The media store cannot be written to.',
        () => this.probeStorage(),
      ),
    ]);
    const checks = { database, migrations, storage };
    return {
      ready: Object.values(checks).every((check) => check.ok),
      checks,
      transcoding: this.deps.transcoding,
    };
  }

  /**
   * The migrations the database has run against those this release knows: pending ones the
   * server runs when it starts; unknown ones were run by a newer release.
   */
  async migrationState(): Promise<MigrationState> {
    const ran = await this.deps.repository.migrationsEverRan();
    const applied = ran ? await this.deps.repository.appliedMigrations() : new Set<string>();
    const known = new Set(this.deps.migrationNames);
    return {
      applied: applied.size,
      pending: this.deps.migrationNames.filter((name) => !applied.has(name)),
      unknown: [...applied].filter((name) => !known.has(name)).sort(),
    };
  }

  private async ensureMigrated(): Promise<void> {
    const applied = await this.deps.repository.appliedMigrations();
    const pending = this.deps.migrationNames.filter((name) => !applied.has(name));
    if (pending.length > 0) {
      const count = pending.length === 1 ? '1 migration is' : `${pending.length} migrations are`;
      throw new CheckFailed(`${count} pending: ${pending.join(', ')}.`);
    }
  }

  /**
   * Writes a block of random bytes through the store (on disk, flushed before it counts as
   * written) and removes it again, so that a full disk or a bucket refusing writes fails.
   */
  async probeStorage(): Promise<void> {
    const key = `ready-probe-${randomUUID()}`;
    try {
      await this.deps.objects.put(key, Readable.from([randomBytes(PROBE_BYTES)]), {
        contentType: 'application/octet-stream',
      });
    } finally {
      await this.deps.objects.delete(key).catch(() => undefined);
    }
  }

  private async check(
    name: CheckName,
    passed: string,
    failed: string,
    run: () => Promise<void>,
  ): Promise<CheckResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new CheckFailed(`No answer within ${CHECK_TIMEOUT_MS / 1000} s.`)),
        CHECK_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([run(), timeout]);
      return { ok: true, message: passed };
    } catch (error) {
      this.deps.log.warn({ err: error, check: name }, 'readiness check failed');
      return { ok: false, message: error instanceof CheckFailed ? error.message : failed };
    } finally {
      clearTimeout(timer);
    }
  }
}
