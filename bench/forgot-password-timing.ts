// Forgot-password timing (decision 072): how long the answer takes for an address that has an
// account and for one that has none, as a client sees it over HTTP on loopback. The server is
// built in this process on a fresh SQLite file (or a fresh PostgreSQL schema) with its rate
// limits relaxed; the client runs in a worker thread, on its own event loop, so that the work the
// server does after answering cannot delay the client's reading of the answer. Requests alternate
// known → unknown / unknown → known, each after a request for a known spacer account, and the
// server's work after each answer is awaited, so that both kinds follow the same.
// Prints each kind's median and p90, and the ratio of the medians (target: within 10 %), then the
// time and memory the list of common passwords costs at start.
//
// Usage: npx tsx bench/forgot-password-timing.ts [--db sqlite|postgres] [--samples 200]
// PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { ASSETS_DIR, createContainer } from '../apps/server/src/container';
import { migrateToLatest } from '../apps/server/src/db/database';
import { newId } from '../apps/server/src/ids';
import {
  COMMON_PASSWORDS_ASSET,
  loadCommonPasswords,
} from '../apps/server/src/modules/auth/common-passwords';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { UsersRepository } from '../apps/server/src/modules/users/users.repository';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../apps/server/src/rate-limits';
import { loadAverageLine, machineLine } from './support/machine';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    samples: { type: 'string', default: '200' },
  },
});
const SAMPLES = Number(args.samples);
const WARM_UP = 50;
const ACCOUNTS = 8;
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** The list's cost at start, measured before anything else of the server is loaded. */
function measureList(): { ms: number; rssMiB: number; heapMiB: number } {
  const before = process.memoryUsage();
  const started = performance.now();
  loadCommonPasswords(path.join(ASSETS_DIR, COMMON_PASSWORDS_ASSET));
  const ms = performance.now() - started;
  const after = process.memoryUsage();
  return {
    ms,
    rssMiB: (after.rss - before.rss) / 2 ** 20,
    heapMiB: (after.heapUsed - before.heapUsed) / 2 ** 20,
  };
}

async function freshSchema(url: string): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `bench_${newId().replaceAll('-', '').slice(-12)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`CREATE SCHEMA ${schema}`);
  return { schema, drop: () => run(`DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}

interface Timings {
  readonly known: number[];
  readonly unknown: number[];
}

/**
 * The client, in a worker thread: it asks the main thread to settle the server's work after each
 * answer (outside the measure) and answers the timings of the measured requests.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { origin, known, spacer, samples, warmUp } = workerData;
let waiting = null;
parentPort.on('message', () => { const done = waiting; waiting = null; done(); });
const settled = () => new Promise((resolve) => { waiting = resolve; parentPort.postMessage('settle'); });
async function forgot(email) {
  const started = performance.now();
  const res = await fetch(origin + '/api/auth/forgot-password', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  const elapsed = performance.now() - started;
  if (res.status !== 200) throw new Error('forgot-password answered ' + res.status);
  await settled();
  return elapsed;
}
(async () => {
  const timings = { known: [], unknown: [] };
  for (let pair = 0; pair < warmUp + samples; pair += 1) {
    const order = pair % 2 === 0 ? ['known', 'unknown'] : ['unknown', 'known'];
    for (const kind of order) {
      await forgot(spacer);
      const email = kind === 'known'
        ? known[pair % known.length]
        : 'unknown-' + (pair % known.length) + '.listener@example.com';
      const elapsed = await forgot(email);
      if (pair >= warmUp) timings[kind].push(elapsed);
    }
  }
  parentPort.postMessage(timings);
})();
`;

function measureInWorker(
  origin: string,
  known: string[],
  spacer: string,
  settle: () => Promise<void>,
): Promise<Timings> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, {
      eval: true,
      workerData: { origin, known, spacer, samples: SAMPLES, warmUp: WARM_UP },
    });
    worker.on('message', (message: unknown) => {
      if (message === 'settle') {
        void settle().then(() => worker.postMessage('settled'));
      } else {
        resolve(message as Timings);
        void worker.terminate();
      }
    });
    worker.on('error', reject);
  });
}

async function main(): Promise<void> {
  const list = measureList();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-forgot-'));
  const databaseUrl =
    args.db === 'postgres'
      ? process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
      : undefined;
  if (args.db === 'postgres' && !databaseUrl) {
    console.error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL for --db postgres.');
    process.exit(2);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, JWT_SECRET } : {}),
  });
  const schema = databaseUrl ? await freshSchema(databaseUrl) : null;
  const relaxed = Object.fromEntries(
    Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: 1_000_000, windowMs: 60_000 }]),
  ) as unknown as RateLimits;
  const container = createContainer(config, {
    jwtSecret: JWT_SECRET,
    rateLimits: relaxed,
    ...(schema ? { postgresSchema: schema.schema } : {}),
  });
  await migrateToLatest(container.database.db, schema?.schema);
  const users = new UsersRepository(container.database.db);
  const passwordHash = await hashPassword('bench-password-not-common');
  const account = async (email: string) => {
    await users.insert({
      id: newId(),
      name: 'Bench',
      email,
      passwordHash,
      role: 'user',
      createdAt: new Date().toISOString(),
    });
    return email;
  };
  const known = await Promise.all(
    Array.from({ length: ACCOUNTS }, (_, index) => account(`known-${index}.listener@example.com`)),
  );
  const spacer = await account('spacer.listener@example.com');
  const app = await buildApp(container, { webRoot: null, logger: false });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });

  const timings = await measureInWorker(origin, known, spacer, () =>
    container.afterAnswer.settle(),
  );
  await app.close();
  await container.close();
  await schema?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.info(machineLine());
  console.info(loadAverageLine());
  console.info(`database: ${args.db}, ${SAMPLES} samples of each kind over HTTP on loopback`);
  for (const kind of ['known', 'unknown'] as const) {
    const values = timings[kind];
    console.info(
      `${kind.padEnd(7)} median ${quantile(values, 0.5).toFixed(3)} ms, p90 ${quantile(values, 0.9).toFixed(3)} ms`,
    );
  }
  const ratio = quantile(timings.known, 0.5) / quantile(timings.unknown, 0.5);
  console.info(`ratio known/unknown (medians): ${ratio.toFixed(3)} (target 0.909–1.100)`);
  console.info(
    `common-password list at start: ${list.ms.toFixed(0)} ms, +${list.rssMiB.toFixed(1)} MiB RSS, +${list.heapMiB.toFixed(1)} MiB heap`,
  );
  process.exitCode = ratio > 1 / 1.1 && ratio < 1.1 ? 0 : 1;
}

await main();
