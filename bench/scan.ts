// Library scan: files/s of a first scan of a generated tree of tagged audio files and of a
// re-scan with nothing changed, against a bare walk of the same tree parsing each file with
// music-metadata alone (`parseFile`), as ratios, with the peak RSS of each pass.
//
// Usage: npx tsx bench/scan.ts [--files 10000] (or `npm run bench` for all benchmarks).
// The tree (artist/album folders of MP3, FLAC, Opus, M4A and WAV, every third album with a
// cover.jpg) is made once with ffmpeg and kept in the temporary folder for the next runs; the
// data folder (SQLite) is temporary and removed at the end. Needs ffmpeg on PATH.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { parseFile } from 'music-metadata';
import { loadConfig } from '../apps/server/src/config';
import { composeServices } from '../apps/server/src/composition';
import { createContainer } from '../apps/server/src/container';
import { migrateToLatest } from '../apps/server/src/db/database';
import { isAudioFileName } from '../apps/server/src/modules/library/library-file-names';
import { taggedTree } from './support/tagged-tree.mjs';

const TARGET_FIRST_RATIO = 0.8;
const TARGET_RESCAN_RATE = 5000;
const RSS_SAMPLE_MS = 20;

const { values } = parseArgs({ options: { files: { type: 'string', default: '10000' } } });
const count = Number(values.files);
if (!Number.isInteger(count) || count < 10 || count > 1_000_000) {
  console.error('--files must be a whole number from 10 to 1000000');
  process.exit(1);
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Runs `work`, sampling the process's RSS meanwhile; answers its result, seconds and peak. */
async function measured<T>(work: () => Promise<T>) {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(
    () => (peak = Math.max(peak, process.memoryUsage.rss())),
    RSS_SAMPLE_MS,
  );
  const started = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, seconds, peak };
  } finally {
    clearInterval(timer);
  }
}

/** The audio files under `root` as the scan takes them (hidden ones and others skipped). */
async function* audioFiles(root: string) {
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    for await (const entry of await fs.promises.opendir(dir)) {
      if (entry.name.startsWith('.')) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) pending.push(file);
      else if (entry.isFile() && isAudioFileName(entry.name)) yield file;
    }
  }
}

async function bareParse(root: string) {
  let files = 0;
  for await (const file of audioFiles(root)) {
    await parseFile(file, { duration: true });
    files += 1;
  }
  return files;
}

const generating = performance.now();
const tree = taggedTree(path.join(os.tmpdir(), `cadenza-scan-bench-${count}`), count);
console.info(
  `Tree: ${count} files in ${tree} (ready in ${((performance.now() - generating) / 1000).toFixed(1)} s)`,
);

// Read once untimed, so that every pass below finds the files in the page cache alike.
await bareParse(tree);
const bare = await measured(() => bareParse(tree));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-scan-bench-data-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  MUSIC_DIR: tree,
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'scan-benchmark-secret-that-is-long-enough',
});
const container = createContainer(config);
try {
  await migrateToLatest(container.database.db);
  const scans = composeServices(container, Fastify({ logger: false }).log).libraryScans;
  const baseline = process.memoryUsage.rss();
  const first = await measured(() => scans.run());
  const again = await measured(() => scans.run());

  const rate = (files: number, seconds: number) => files / seconds;
  const bareRate = rate(bare.result, bare.seconds);
  const firstRate = rate(first.result.seen, first.seconds);
  const againRate = rate(again.result.seen, again.seconds);
  const rows: [string, number, number, number, number, string][] = [
    ['bare parse (music-metadata)', bare.result, bare.seconds, bareRate, bare.peak, '1.00'],
    [
      'first scan',
      first.result.seen,
      first.seconds,
      firstRate,
      first.peak,
      (firstRate / bareRate).toFixed(2),
    ],
    [
      're-scan, nothing changed',
      again.result.seen,
      again.seconds,
      againRate,
      again.peak,
      (againRate / bareRate).toFixed(2),
    ],
  ];
  console.info('');
  console.info('| pass | files | seconds | files/s | peak RSS | ratio to bare |');
  console.info('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, files, seconds, filesPerSecond, peak, ratio] of rows) {
    console.info(
      `| ${name} | ${files} | ${seconds.toFixed(2)} | ${Math.round(filesPerSecond)} | ${mib(peak)} | ${ratio} |`,
    );
  }
  console.info('');
  console.info(`RSS before the scans: ${mib(baseline)}.`);
  console.info(
    `First scan: ${first.result.added} added, ${first.result.errorCount} errors; ` +
      `re-scan: ${again.result.unchanged} unchanged, ${again.result.errorCount} errors.`,
  );
  for (const error of [...first.result.errors, ...again.result.errors].slice(0, 5)) {
    console.info(`  ${error.path}: ${error.message}`);
  }
  const firstOk = firstRate / bareRate >= TARGET_FIRST_RATIO;
  const againOk = againRate >= TARGET_RESCAN_RATE;
  console.info(
    `Targets: first scan ≥ ${TARGET_FIRST_RATIO}× bare: ${firstOk ? 'met' : 'NOT met'}; ` +
      `re-scan ≥ ${TARGET_RESCAN_RATE} files/s: ${againOk ? 'met' : 'NOT met'}.`,
  );
} finally {
  await container.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
