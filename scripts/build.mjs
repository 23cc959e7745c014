// Builds the server bundle and the web app; `npm start` calls it only when sources changed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { bin, root, runOrExit } from './lib.mjs';
import { prerender } from './prerender.mjs';

export const BUILD_STAMP = path.join(root, 'apps/server/dist/.build-stamp');

const COMPRESSIBLE = /\.(js|css|svg|json|txt|html)$/;

/** Writes .br and .gz beside each text asset: the server sends them without compressing per request. */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
    } else if (COMPRESSIBLE.test(entry.name) && fs.statSync(file).size > 1024) {
      const content = fs.readFileSync(file);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(content, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }),
      );
    }
  }
}

export async function buildAll() {
  console.info('Building Cadenza (server and web app)...');
  await runOrExit(process.execPath, ['apps/server/build.mjs']);
  await runOrExit(bin('vite'), ['build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
  });
  await prerender();
  precompress(path.join(root, 'apps/web/dist/assets'));
  precompress(path.join(root, 'apps/web/dist/prerendered'));
  fs.writeFileSync(BUILD_STAMP, new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
