// Bundles the server (with the shared contract) into dist/main.js, its command line into
// dist/cadenza.js (the package's `cadenza` command), and the library scan's file reader thread
// into dist/library-file.worker.js beside them; npm packages stay external.
import { chmodSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@cadenza/'));

await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    cadenza: new URL('./src/cli/cadenza.ts', import.meta.url).pathname,
    'library-file.worker': new URL('./src/modules/library/library-file.worker.ts', import.meta.url)
      .pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // The command runs as a program of its own (`cadenza …` on the PATH).
  banner: { js: '#!/usr/bin/env node' },
});
chmodSync(new URL('./dist/cadenza.js', import.meta.url), 0o755);
