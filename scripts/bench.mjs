// `npm run bench`: runs every benchmark in bench/ in turn; each prints its figures and ratio.
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from './lib.mjs';

const benchDir = path.join(root, 'bench');
const files = fs
  .readdirSync(benchDir)
  .filter((name) => /\.(ts|mjs)$/.test(name))
  .sort();

let failed = 0;
for (const name of files) {
  console.info(`\n=== bench/${name}`);
  const code = await run('npx', ['tsx', path.join('bench', name)]);
  if (code !== 0) failed += 1;
}
if (files.length === 0) console.info('No benchmarks in bench/.');
process.exit(failed === 0 ? 0 : 1);
