import { expect } from 'vitest';
import type { LibraryScanStatus } from '@cadenza/contract/library';
import type { CreatedUser } from './factories';
import type { TestApp } from './test-app';

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
