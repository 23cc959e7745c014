import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeCover } from '../../../test/covers';
import { createAdmin, createPlaylist, createUser } from '../../../test/factories';
import { jpegBytes, mp3Bytes, pngBytes } from '../../../test/media-files';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { newId } from '../../ids';
import { coverVariantKey } from '../images/cover-variants';
import { LocalDiskObjectStore } from '../../storage/local-disk-object-store';
import type { ObjectHead } from '../../storage/object-store';
import { EmailChangesRepository } from '../account/email-changes.repository';
import { AccountSessionsRepository } from '../auth/account-sessions.repository';
import { LoginAttemptsRepository } from '../auth/login-attempts.repository';
import { PasswordResetsRepository } from '../auth/password-resets.repository';
import { RevokedTokensRepository } from '../auth/revoked-tokens.repository';
import { InvitationsRepository } from '../invitations/invitations.repository';
import { MaintenanceRepository } from './maintenance.repository';
import {
  ENDED_INVITATION_RETENTION_MS,
  FILE_GRACE_MS,
  Maintenance,
  OUTBOX_RETENTION_MS,
} from './maintenance.service';

const NOW = new Date();
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let mediaRoot: string;
beforeEach(async () => {
  t = await createTestApp();
  mediaRoot = t.blobs.root;
});
afterEach(() => t.close());

function maintenanceOf(
  objects = t.blobs,
  log: FastifyBaseLogger = t.app.log,
  soleNode = true,
): Maintenance {
  return new Maintenance({
    repository: new MaintenanceRepository(t.database.db),
    locks: t.container.locks,
    soleNode,
    objects,
    outboxDir: t.outboxDir,
    log,
  });
}

/** A logger that keeps each line's message and fields in `lines`. */
function recordingLog(
  lines: Array<{ message: string; fields: Record<string, unknown> }>,
): FastifyBaseLogger {
  const record =
    () =>
    (fields: Record<string, unknown> | string, message?: string): void => {
      if (typeof fields === 'string') lines.push({ message: fields, fields: {} });
      else lines.push({ message: message ?? '', fields });
    };
  const log = {
    level: 'info',
    info: record(),
    warn: record(),
    error: record(),
    debug: record(),
    trace: record(),
    fatal: record(),
    silent: () => undefined,
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return log;
}

/** Makes a file look last written at `when` (the sweep goes by modification time). */
function touch(relative: string, when: Date): void {
  fs.utimesSync(path.join(mediaRoot, relative), when, when);
}

/** Stores a file that no row knows of (yet) under `key`. */
async function storeBlob(bytes: Buffer, key: string): Promise<string> {
  await t.blobs.put(key, Readable.from([bytes]), { contentType: 'application/octet-stream' });
  return key;
}

const imageKey = () => `images/${newId()}`;

function writeTemporary(name: string, when: Date): void {
  fs.mkdirSync(path.join(mediaRoot, '.tmp'), { recursive: true });
  fs.writeFileSync(path.join(mediaRoot, '.tmp', name), 'half an upload');
  touch(`.tmp/${name}`, when);
}

const exists = (relative: string) => fs.existsSync(path.join(mediaRoot, relative));

/** Every blob a row names, one of each kind of reference, all written long ago. */
async function referencedBlobs() {
  const song = await createSong(t, { cover: jpegBytes('song cover') });
  const owner = await createUser(t);
  const playlistCover = (await storeCover(t, pngBytes('playlist'))).key;
  await createPlaylist(t, owner, { coverKey: playlistCover });
  const profileImage = await storeBlob(pngBytes('profile'), imageKey());
  await t.database.db
    .updateTable('users')
    .set({ profile_image: profileImage })
    .where('id', '=', owner.user._id)
    .execute();
  const keys = [song.row.audio_key, song.row.cover_key ?? '', playlistCover, profileImage];
  for (const key of keys) touch(key, ago(DAY));
  return { song, keys };
}

describe('maintenance sweep of media', () => {
  it('removes orphaned blobs and unfinished writes past the grace period, and nothing else', async () => {
    const { song, keys } = await referencedBlobs();
    const oldAudio = await storeBlob(mp3Bytes(2, 'orphan'), 'audio/orphan.mp3');
    const oldImage = await storeBlob(jpegBytes('orphan'), imageKey());
    const freshImage = await storeBlob(jpegBytes('fresh'), imageKey());
    touch(oldAudio, ago(2 * HOUR));
    touch(oldImage, ago(2 * HOUR));
    touch(freshImage, ago(FILE_GRACE_MS / 2));
    writeTemporary('stale', ago(2 * HOUR));
    writeTemporary('in-progress', ago(FILE_GRACE_MS / 2));
    // Not media the rows own: never judged.
    fs.mkdirSync(path.join(mediaRoot, 'notes'));
    fs.writeFileSync(path.join(mediaRoot, 'notes', 'readme.txt'), 'keep me');
    touch('notes/readme.txt', ago(DAY));

    const report = await maintenanceOf().sweep({ now: NOW });

    expect(report.orphanedBlobs.sort()).toEqual([oldAudio, oldImage].sort());
    expect(report.staleTemporaries).toEqual(['.tmp/stale']);
    expect(exists(oldAudio) || exists(oldImage) || exists('.tmp/stale')).toBe(false);
    for (const key of [...keys, freshImage, '.tmp/in-progress', 'notes/readme.txt']) {
      expect(exists(key), key).toBe(true);
    }
    // The song still plays and shows its cover.
    for (const url of [song.song.audioFile, song.song.coverImage]) {
      expect((await t.app.inject({ url })).statusCode).toBe(200);
    }
  });

  it('removes resized covers whose cover is gone, past the grace period', async () => {
    const kept = await storeCover(t, jpegBytes('kept cover'));
    const keptVariant = await storeBlob(
      jpegBytes('kept 96'),
      coverVariantKey(kept.key, 96, 'webp'),
    );
    const gone = imageKey();
    const orphan = await storeBlob(jpegBytes('orphan 300'), coverVariantKey(gone, 300, 'jpg'));
    const fresh = await storeBlob(jpegBytes('fresh 600'), coverVariantKey(gone, 600, 'png'));
    touch(keptVariant, ago(2 * HOUR));
    touch(orphan, ago(2 * HOUR));
    const report = await maintenanceOf().sweep({ now: NOW });
    expect(report.orphanedBlobs).toEqual([orphan]);
    expect([exists(keptVariant), exists(orphan), exists(fresh)]).toEqual([true, false, true]);
  });

  it('at start-up takes everything unclaimed that was written before the server started', async () => {
    const { keys } = await referencedBlobs();
    const leftover = await storeBlob(jpegBytes('cover of a crashed upload'), imageKey());
    writeTemporary('audio-of-a-crashed-upload', new Date(Date.now() - 1000));
    touch(leftover, new Date(Date.now() - 1000));
    const startedAt = new Date();

    const report = await maintenanceOf().sweep({ now: startedAt, filesBefore: startedAt });

    expect(report.orphanedBlobs).toEqual([leftover]);
    expect(report.staleTemporaries).toEqual(['.tmp/audio-of-a-crashed-upload']);
    for (const key of keys) expect(exists(key), key).toBe(true);
  });

  it('keeps a blob that an upload wrote again while the sweep was looking', async () => {
    const bytes = jpegBytes('uploaded twice');
    const key = await storeBlob(bytes, imageKey());
    touch(key, ago(2 * HOUR));
    // The key is written again between the sweep's listing and its last look.
    class UploadDuringSweep extends LocalDiskObjectStore {
      private uploaded = false;
      override async head(headKey: string): Promise<ObjectHead | null> {
        if (headKey === key && !this.uploaded) {
          this.uploaded = true;
          await this.put(key, Readable.from([bytes]), { contentType: 'image/jpeg' });
        }
        return super.head(headKey);
      }
    }

    const report = await maintenanceOf(new UploadDuringSweep(mediaRoot)).sweep({ now: NOW });

    expect(report.orphanedBlobs).toEqual([]);
    expect(exists(key)).toBe(true);
  });

  it('checks blobs against the rows a batch at a time, however many there are', async () => {
    const kept = await createSong(t);
    touch(kept.row.audio_key, ago(DAY));
    const orphans: string[] = [];
    for (let index = 0; index < 1001; index += 1) {
      const key = `audio/orphan-${index}.mp3`;
      fs.mkdirSync(path.join(mediaRoot, 'audio'), { recursive: true });
      fs.writeFileSync(path.join(mediaRoot, key), 'x');
      touch(key, ago(DAY));
      orphans.push(key);
    }

    const report = await maintenanceOf().sweep({ now: NOW });

    expect(report.orphanedBlobs.sort()).toEqual(orphans.sort());
    expect(exists(kept.row.audio_key)).toBe(true);
  });
});

describe('maintenance purges', () => {
  it('removes expired revocations, used or expired reset links, ended login counts and old outbox mail only', async () => {
    const user = await createUser(t);
    const revoked = new RevokedTokensRepository(t.database.db);
    await revoked.revoke('expired-session', ago(HOUR));
    await revoked.revoke('live-session', new Date(NOW.getTime() + HOUR));

    const resets = new PasswordResetsRepository(t.database.db);
    await resets.insert('used', user.user._id, new Date(NOW.getTime() + HOUR));
    await resets.consume('used', ago(60_000));
    await resets.insert('expired', user.user._id, ago(HOUR));
    await resets.insert('pending', user.user._id, new Date(NOW.getTime() + HOUR));

    fs.mkdirSync(t.outboxDir, { recursive: true });
    const mails = { old: 'old.eml', recent: 'recent.eml', other: 'notes.txt' };
    for (const name of Object.values(mails)) fs.writeFileSync(path.join(t.outboxDir, name), 'x');
    const longAgo = ago(OUTBOX_RETENTION_MS + DAY);
    fs.utimesSync(path.join(t.outboxDir, mails.old), longAgo, longAgo);
    fs.utimesSync(path.join(t.outboxDir, mails.other), longAgo, longAgo);
    const recently = ago(OUTBOX_RETENTION_MS - DAY);
    fs.utimesSync(path.join(t.outboxDir, mails.recent), recently, recently);

    const attempts = new LoginAttemptsRepository(t.database.db);
    await attempts.countAttempt('login-ip:ended', 60_000, NOW.getTime() - 2 * 60_000);
    await attempts.countAttempt('login-ip:current', 60_000, NOW.getTime() - 1000);

    const report = await maintenanceOf().sweep({ now: NOW });

    expect(report).toMatchObject({
      expiredRevocations: 1,
      spentPasswordResets: 2,
      endedLoginAttempts: 1,
      outboxFiles: ['outbox/old.eml'],
    });
    const counted = await t.database.db.selectFrom('login_attempts').select('key').execute();
    expect(counted).toEqual([{ key: 'login-ip:current' }]);
    expect(await revoked.isRevoked('expired-session')).toBe(false);
    expect(await revoked.isRevoked('live-session')).toBe(true);
    const left = await t.database.db.selectFrom('password_resets').select('token_hash').execute();
    expect(left.map((row) => row.token_hash)).toEqual(['pending']);
    expect(fs.readdirSync(t.outboxDir).sort()).toEqual([mails.other, mails.recent].sort());
    // The pending link still works.
    expect(await resets.consume('pending', NOW)).toEqual({ userId: user.user._id });
  });
});

describe('maintenance purges of accounts', () => {
  it('removes expired sessions, used or expired e-mail links, and invitations ended past the retention only', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const sessions = new AccountSessionsRepository(t.database.db);
    const session = (id: string, expiresAt: Date) =>
      sessions.insert({
        id,
        userId: user.user._id,
        userAgent: 'Firefox',
        address: '127.0.0.1',
        at: ago(DAY),
        expiresAt,
      });
    await session('expired', ago(HOUR));
    await session('live', new Date(NOW.getTime() + HOUR));

    const changes = new EmailChangesRepository(t.database.db);
    const change = (tokenHash: string, expiresAt: Date) =>
      changes.insert({ tokenHash, userId: user.user._id, newEmail: 'new@example.com', expiresAt });
    await change('used', new Date(NOW.getTime() + HOUR));
    await changes.consume('used', ago(60_000));
    await change('expired', ago(HOUR));
    await change('pending', new Date(NOW.getTime() + HOUR));

    const invitations = new InvitationsRepository(t.database.db);
    const invitation = (id: string, createdAt: Date, expiresAt: Date) =>
      invitations.insert({
        id,
        tokenHash: `hash of ${id}`,
        email: null,
        role: 'user',
        createdBy: admin.user._id,
        createdAt,
        expiresAt,
      });
    const longEnded = ago(ENDED_INVITATION_RETENTION_MS + DAY);
    const recentlyEnded = ago(ENDED_INVITATION_RETENTION_MS - DAY);
    await invitation('expired-long-ago', ago(ENDED_INVITATION_RETENTION_MS + 2 * DAY), longEnded);
    await invitation('expired-recently', ago(ENDED_INVITATION_RETENTION_MS), recentlyEnded);
    await invitation('used-long-ago', longEnded, new Date(NOW.getTime() + DAY));
    await invitations.consume('hash of used-long-ago', user.user._id, longEnded);
    await invitation('used-recently', recentlyEnded, new Date(NOW.getTime() + DAY));
    await invitations.consume('hash of used-recently', user.user._id, recentlyEnded);
    await invitation('pending', ago(DAY), new Date(NOW.getTime() + DAY));

    const report = await maintenanceOf().sweep({ now: NOW });

    expect(report).toMatchObject({
      expiredSessions: 1,
      spentEmailChanges: 2,
      endedInvitations: 2,
      failedSteps: [],
    });
    // The sessions the factories signed in are live too, and stay.
    const leftSessions = await t.database.db
      .selectFrom('account_sessions')
      .select('id')
      .where('id', 'in', ['expired', 'live'])
      .execute();
    expect(leftSessions).toEqual([{ id: 'live' }]);
    const leftChanges = await t.database.db
      .selectFrom('email_changes')
      .select('token_hash')
      .execute();
    expect(leftChanges).toEqual([{ token_hash: 'pending' }]);
    const leftInvitations = await t.database.db.selectFrom('invitations').select('id').execute();
    expect(leftInvitations.map((row) => row.id).sort()).toEqual(
      ['expired-recently', 'pending', 'used-recently'].sort(),
    );
    // What is still pending still works.
    expect(await changes.consume('pending', NOW)).toMatchObject({ userId: user.user._id });
    expect(await invitations.findPending('hash of pending', NOW)).toMatchObject({ id: 'pending' });
  });

  it('runs the account purges as steps of their own: one failing leaves the others', async () => {
    const user = await createUser(t);
    await new AccountSessionsRepository(t.database.db).insert({
      id: 'expired',
      userId: user.user._id,
      userAgent: 'Firefox',
      address: '127.0.0.1',
      at: ago(DAY),
      expiresAt: ago(HOUR),
    });
    await new EmailChangesRepository(t.database.db).insert({
      tokenHash: 'expired',
      userId: user.user._id,
      newEmail: 'new@example.com',
      expiresAt: ago(HOUR),
    });
    class NoEmailChanges extends MaintenanceRepository {
      override purgeSpentEmailChanges(): Promise<number> {
        return Promise.reject(new Error('permission denied for table email_changes'));
      }
    }
    const lines: Array<{ message: string; fields: Record<string, unknown> }> = [];
    const report = await new Maintenance({
      repository: new NoEmailChanges(t.database.db),
      locks: t.container.locks,
      soleNode: true,
      objects: t.blobs,
      outboxDir: t.outboxDir,
      log: recordingLog(lines),
    }).sweep({ now: NOW });

    expect(report).toMatchObject({
      failedSteps: ['spentEmailChanges'],
      expiredSessions: 1,
      spentEmailChanges: 0,
      endedInvitations: 0,
    });
    expect(lines.map((line) => line.message)).toContain(
      'maintenance: step spentEmailChanges failed',
    );
  });
});

describe('maintenance steps', () => {
  it('runs every step when one fails, and logs and reports the one that failed', async () => {
    const lines: Array<{ message: string; fields: Record<string, unknown> }> = [];
    const log = recordingLog(lines);
    // A bucket whose key may not list unfinished uploads (no s3:ListBucketMultipartUploads).
    class NoMultipartListing extends LocalDiskObjectStore {
      override removeStaleTemporaries(): Promise<string[]> {
        return Promise.reject(
          Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $fault: 'client' }),
        );
      }
    }
    const orphan = await storeBlob(mp3Bytes(2, 'orphan'), 'audio/orphan-of-a-crash.mp3');
    touch(orphan, ago(2 * HOUR));
    const revoked = new RevokedTokensRepository(t.database.db);
    await revoked.revoke('expired-session', ago(HOUR));
    fs.mkdirSync(t.outboxDir, { recursive: true });
    fs.writeFileSync(path.join(t.outboxDir, 'old.eml'), 'x');
    const longAgo = ago(OUTBOX_RETENTION_MS + DAY);
    fs.utimesSync(path.join(t.outboxDir, 'old.eml'), longAgo, longAgo);

    const report = await maintenanceOf(new NoMultipartListing(mediaRoot), log).sweep({ now: NOW });

    expect(report).toMatchObject({
      failedSteps: ['staleTemporaries'],
      staleTemporaries: [],
      orphanedBlobs: [orphan],
      outboxFiles: ['outbox/old.eml'],
      expiredRevocations: 1,
    });
    expect(exists(orphan)).toBe(false);
    const failure = lines.find((line) => line.message.includes('failed'));
    expect(failure?.message).toBe('maintenance: step staleTemporaries failed');
    expect(failure?.fields.step).toBe('staleTemporaries');
  });
});

describe('scheduled maintenance', () => {
  it('sweeps at start and logs what it removed', async () => {
    await createAdmin(t);
    const leftover = await storeBlob(mp3Bytes(2, 'left'), 'audio/left-by-a-crash.mp3');
    touch(leftover, new Date(Date.now() - 1000));
    const lines: Array<{ message: string; fields: Record<string, unknown> }> = [];
    const log = recordingLog(lines);

    const scheduled = maintenanceOf(t.blobs, log).schedule();
    await scheduled.firstSweep;
    await scheduled.stop();

    expect(exists(leftover)).toBe(false);
    const removal = lines.find((line) => line.message.includes('removed'));
    expect(removal?.message).toBe('maintenance: start-up sweep removed 1 orphaned media files');
    expect(removal?.fields.files).toEqual([leftover]);
    expect(lines.at(-1)?.message).toBe('maintenance: start-up sweep finished');
  });

  it('with other server nodes, leaves at start what may be their uploads in progress', async () => {
    await createAdmin(t);
    const recent = await storeBlob(mp3Bytes(2, 'recent'), 'audio/another-nodes-upload.mp3');
    touch(recent, new Date(Date.now() - 1000));
    const old = await storeBlob(mp3Bytes(2, 'old'), 'audio/left-long-ago.mp3');
    touch(old, ago(FILE_GRACE_MS + HOUR));

    const scheduled = maintenanceOf(t.blobs, Fastify({ logger: false }).log, false).schedule();
    await scheduled.firstSweep;
    await scheduled.stop();

    expect(exists(recent)).toBe(true);
    expect(exists(old)).toBe(false);
  });
});
