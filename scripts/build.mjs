// Builds the server bundle and the web app; `npm start` calls it only when sources changed.
import fs from 'node:fs';
import path from 'node:path';
import { bin, root, runOrExit } from './lib.mjs';

export const BUILD_STAMP = path.join(root, 'apps/server/dist/.build-stamp');

export async function buildAll() {
  console.info('Building Cadenza (server and web app)...');
  await runOrExit(process.execPath, ['apps/server/build.mjs']);
  await runOrExit(bin('vite'), ['build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
  });
  fs.writeFileSync(BUILD_STAMP, new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
