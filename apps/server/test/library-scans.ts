import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import type { LibraryScanStatus } from '@cadenza/contract/library';
import { createAdmin, type CreatedUser } from './factories';
import { createTestApp, type TestApp } from './test-app';

/** How long a scan may take: it starts a file reader thread first, slow on a busy machine. */
const SCAN_WAIT = { timeout: 60_000, interval: 20 };

/** Starts a scan through the API as `admin` and waits for it to end; answers its final status. */
export async function scanLibrary(t: TestApp, admin: CreatedUser): Promise<LibraryScanStatus> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/admin/library/scan',
    headers: admin.headers,
  });
  expect(started.statusCode).toBe(202);
  let status = started.json<{ data: LibraryScanStatus }>().data;
  await expect
    .poll(async () => {
      const res = await t.app.inject({ url: '/api/admin/library/scan', headers: admin.headers });
      status = res.json<{ data: LibraryScanStatus }>().data;
      return status.running;
    }, SCAN_WAIT)
    .toBe(false);
  return status;
}

/** A fresh music folder, an app that scans it, and its administrator. */
export interface MusicFolderApp {
  readonly music: string;
  readonly t: TestApp;
  readonly admin: CreatedUser;
}

/**
 * Gives each test of the file its own music folder and app (with an admin), closed and removed
 * after it; read the fields inside the tests.
 */
export function eachTestWithMusicFolder(): MusicFolderApp {
  const state = {} as { music: string; t: TestApp; admin: CreatedUser };
  beforeEach(async () => {
    state.music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-music-'));
    state.t = await createTestApp({ env: { MUSIC_DIR: state.music } });
    state.admin = await createAdmin(state.t);
  });
  afterEach(async () => {
    await state.t.close();
    fs.rmSync(state.music, { recursive: true, force: true });
  });
  return state;
}
