import path from 'node:path';
import type { NodeLocks } from '../db/node-locks';
import { backupFileName } from './backup-manifest';
import { nextCronRun, type CronSchedule } from './cron-schedule';
import { newestArchive, pruneArchives } from './kept-backups';
import { writeBackup, type BackupSource } from './write-backup';

/** The archives BACKUP_SCHEDULE takes: `cadenza-scheduled-….tar.gz`. */
export const SCHEDULED = 'scheduled';

export interface ScheduledBackupsDeps {
  readonly source: BackupSource;
  readonly locks: NodeLocks;
  readonly dir: string;
  readonly schedule: CronSchedule;
  readonly keep: number;
  readonly log: {
    info(message: string): void;
    error(details: { err: unknown }, message: string): void;
  };
  readonly now?: () => Date;
}

/**
 * Backups taken by the server itself at the times BACKUP_SCHEDULE names: the database, the
 * signing secret and the configuration (a media list would read the whole library each time;
 * `cadenza backup` takes one). One node at a time takes them, under the cluster's lock, and a
 * node that finds the time's backup in the folder already leaves it be. The newest BACKUP_KEEP
 * are kept.
 */
export class ScheduledBackups {
  private readonly now: () => Date;

  constructor(private readonly deps: ScheduledBackupsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Takes a backup at each time the schedule names, until stopped. */
  start(): { stop(): void } {
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const plan = () => {
      const next = nextCronRun(this.deps.schedule, this.now());
      if (stopped || !next) return;
      // Long waits are taken in steps: a timer holds at most about 24.8 days.
      const wait = Math.min(next.getTime() - this.now().getTime(), 24 * 3600 * 1000);
      timer = setTimeout(() => {
        const due = this.now().getTime() >= next.getTime() - 1000;
        const run = due ? this.takeIfDue(next) : Promise.resolve(null);
        void run
          .catch((error: unknown) => this.deps.log.error({ err: error }, 'scheduled backup failed'))
          .finally(plan);
      }, wait);
      timer.unref();
    };
    plan();
    return {
      stop: () => {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }

  /**
   * The backup of the time `due`, unless one from that time or later is in the folder already
   * (taken by another node sharing it); answers the archive written, or null.
   */
  async takeIfDue(due: Date): Promise<string | null> {
    const round = await this.deps.locks.runIfFree('backup', async () => {
      const newest = newestArchive(this.deps.dir, SCHEDULED);
      if (newest && path.basename(newest) >= backupFileName(due, SCHEDULED)) return null;
      const report = await writeBackup(this.deps.source, {
        to: this.deps.dir,
        kind: SCHEDULED,
        listMedia: false,
        withMedia: false,
      });
      const removed = pruneArchives(this.deps.dir, SCHEDULED, this.deps.keep);
      this.deps.log.info(
        `Scheduled backup written: ${report.file}` +
          (removed.length > 0 ? `; ${removed.length} older removed` : ''),
      );
      return report.file;
    });
    return round.ran ? round.value : null;
  }
}
