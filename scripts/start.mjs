// `npm start`: builds only when a source changed since the last build, then serves on PORT.
import fs from 'node:fs';
import path from 'node:path';
import { BUILD_STAMP, buildAll } from './build.mjs';
import { newestMtime, root } from './lib.mjs';

const SOURCES = [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/assets',
  'apps/web/src',
  'apps/web/build',
  'apps/web/service-worker',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
  'package-lock.json',
];

function builtAt() {
  try {
    return fs.statSync(BUILD_STAMP).mtimeMs;
  } catch {
    return 0;
  }
}

if (newestMtime(SOURCES) > builtAt()) {
  await buildAll();
}
process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'apps/server/dist/main.js'));
