import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { onPostgres } from '../../test/dialects';
import { createTestApp, type TestApp } from '../../test/test-app';
import { backupSourceOf } from './backup-source';
import { parseCronSchedule } from './cron-schedule';
import { archivesOf } from './kept-backups';
import { readBackup } from './read-backup';
import { SCHEDULED, ScheduledBackups } from './scheduled-backups';

let t: TestApp;
let dir: string;
const said: string[] = [];
beforeEach(async () => {
  t = await createTestApp();
  await createUser(t);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-scheduled-backups-'));
  said.length = 0;
});
afterEach(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const backups = (keep: number) =>
  new ScheduledBackups({
    source: backupSourceOf(t.container),
    locks: t.container.locks,
    dir,
    schedule: parseCronSchedule('@daily'),
    keep,
    log: { info: (line) => said.push(line), error: (_details, line) => said.push(line) },
  });

describe('scheduled backups', () => {
  it('take one archive a time, keep the newest BACKUP_KEEP, and hold what a restore needs', async () => {
    const scheduled = backups(2);
    const first = await scheduled.takeIfDue(new Date(Date.now() - 60_000));
    expect(first).toMatch(/cadenza-scheduled-\d{8}T\d{6}\.\d{3}Z\.tar\.gz$/);
    // A node that finds the time's backup taken (a shared folder) leaves it be.
    expect(await scheduled.takeIfDue(new Date(Date.now() - 60_000))).toBeNull();
    for (let round = 0; round < 3; round += 1) {
      expect(await scheduled.takeIfDue(new Date())).not.toBeNull();
    }
    const kept = archivesOf(dir, SCHEDULED);
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(first);
    expect(said.at(-1)).toMatch(/^Scheduled backup written: \S+; 1 older removed$/);

    const staging = fs.mkdtempSync(path.join(dir, 'check-'));
    const checked = await readBackup(kept.at(-1)!, staging);
    expect(checked.manifest.database).toBe(t.database.dialect);
    expect(checked.manifest.media).toMatchObject({ listed: false, included: false });
  });

  onPostgres.it(
    'are taken by one node at a time: another holding the lock means none here',
    async () => {
      const scheduled = backups(7);
      const skipped = await t.container.locks.runExclusively('backup', async () => {
        const other = await createTestApp({ nodeOf: t });
        try {
          return await new ScheduledBackups({
            source: backupSourceOf(other.container),
            locks: other.container.locks,
            dir,
            schedule: parseCronSchedule('@daily'),
            keep: 7,
            log: { info: () => {}, error: () => {} },
          }).takeIfDue(new Date());
        } finally {
          await other.close();
        }
      });
      expect(skipped).toBeNull();
      expect(archivesOf(dir, SCHEDULED)).toEqual([]);
      expect(await scheduled.takeIfDue(new Date())).not.toBeNull();
    },
  );
});
