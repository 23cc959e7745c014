// `npm run cadenza -- …` (and `npm run scan`, `npm run storage:migrate`) from a checkout: the
// `cadenza` command of apps/server/dist, bundled again first when a server source changed.
import fs from 'node:fs';
import path from 'node:path';
import { newestMtime, root, runOrExit } from './lib.mjs';

const COMMAND = path.join(root, 'apps/server/dist/cadenza.js');
const SOURCES = ['apps/server/src', 'apps/server/build.mjs', 'packages/contract/src'];

function builtAt() {
  try {
    return fs.statSync(COMMAND).mtimeMs;
  } catch {
    return 0;
  }
}

if (newestMtime(SOURCES) > builtAt()) {
  await runOrExit(process.execPath, ['apps/server/build.mjs']);
}
await import(COMMAND);
