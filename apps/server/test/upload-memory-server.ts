import { createAdmin } from './factories';
import { createTestApp } from './test-app';

/**
 * A test server in a process of its own, so that a test can measure its memory alone: prints
 * `{ port, authorization }` (an admin's header) as one JSON line, and stops on SIGTERM.
 */
const t = await createTestApp({ env: { UPLOAD_MAX_MB: process.env.UPLOAD_MAX_MB ?? '200' } });
const admin = await createAdmin(t);
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ port: Number(new URL(address).port), authorization: admin.headers.authorization })}\n`,
);
process.once('SIGTERM', () => {
  void t.close().then(() => process.exit(0));
});
