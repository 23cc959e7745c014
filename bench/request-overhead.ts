// Per-request overhead (docs/benchmarks.md "## Per-request overhead"): the built server's
// authenticated first page of 50 songs (`GET /api/user/songs?limit=50` with a bearer token:
// authentication, the query, signed media links, serialisation, security headers, the request
// log at the product's default level) against a bare Fastify 5 route answering the same JSON
// bytes, each started as a process and loaded in turn at the same concurrency by
// bench/support/http-load.mjs. Rounds alternate bare → Cadenza so that both see the same
// machine; each round prints requests/s, p50/p99 and the server's CPU per request, and the
// last lines give the median ratio Cadenza/bare (target ≥ 0.5).
//
// Usage: npm run build, then
//   npx tsx bench/request-overhead.ts [--db sqlite|postgres|both] [--songs 10000]
//     [--connections 32] [--duration 8] [--rounds 3]
// PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the machine's; it is
// skipped when unreachable. The PostgreSQL server is started with Redis, BENCH_REDIS_URL else
// redis://127.0.0.1:6379, when that answers, else without (the header line says which); either
// way it keeps song pages (decision 063: without Redis, nodes tell changes through NOTIFY). An
// unreachable BENCH_REDIS_URL measures the case without Redis.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DialectName } from '../apps/server/src/db/database';
import {
  buildLibrary,
  DatabaseUnreachable,
  DEFAULT_SEED,
  LIBRARY_ADMIN_EMAIL,
  LIBRARY_PASSWORD,
  type BuiltLibrary,
} from './support/library-generator';
import { loadAverageLine, machineLine, today } from './support/machine';
import {
  benchRoot,
  cpuSeconds,
  freePort,
  runLoad,
  startProcess,
  type LoadResult,
  type Started,
} from './support/processes';

const SERVER_ENTRY = path.join(benchRoot, 'apps/server/dist/main.js');
const PAGE = '/api/user/songs?limit=50';
const WARMUP_MS = 1500;

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    songs: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
  },
});

function whole(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    console.error(`--${name} must be a whole number ≥ 1`);
    process.exit(2);
  }
  return number;
}
const songCount = whole('songs', args.songs);
const connections = whole('connections', args.connections);
const durationMs = whole('duration', args.duration) * 1000;
const rounds = whole('rounds', args.rounds);
if (!['sqlite', 'postgres', 'both'].includes(args.db)) {
  console.error('--db must be sqlite, postgres or both');
  process.exit(2);
}

interface Measured extends LoadResult {
  /** The server process's CPU (user + system) per answered request, ms. */
  readonly cpuMsPerRequest: number;
}

async function measure(
  server: Started,
  requestPath: string,
  headers: Record<string, string>,
): Promise<Measured> {
  const options = {
    mode: 'requests',
    port: server.port,
    concurrency: connections,
    warmupMs: WARMUP_MS,
    durationMs,
    path: requestPath,
    headers,
  };
  const cpuBefore = cpuSeconds(server.pid);
  const load = await runLoad(options);
  // The warm-up's requests count too: CPU is read around the whole run.
  const cpuMs = (cpuSeconds(server.pid) - cpuBefore) * 1000;
  const answered = load.requests + (load.requestsPerSecond * WARMUP_MS) / 1000;
  return { ...load, cpuMsPerRequest: cpuMs / answered };
}

const LOCAL_REDIS = 'redis://127.0.0.1:6379';

/** True when a Redis answers PING at `url` within a second. */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.once('error', () => done(false));
  });
}

/** The Redis a PostgreSQL server is started with, or null. */
async function redisFor(dialect: DialectName): Promise<string | null> {
  if (dialect !== 'postgres') return null;
  const url = process.env.BENCH_REDIS_URL || LOCAL_REDIS;
  return (await redisAnswers(url)) ? url : null;
}

/** The built server on this library, with the product's defaults (the request log included). */
async function startCadenza(library: BuiltLibrary, redisUrl: string | null): Promise<Started> {
  const port = await freePort();
  return startProcess(
    [SERVER_ENTRY],
    {
      ...library.env,
      ...(redisUrl
        ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `bench-overhead-${process.pid}:` }
        : {}),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_LIBRARY: 'false',
    },
    port,
    '/api/health',
  );
}

/** A bare Fastify 5 server whose one route answers `body` as JSON: the reference. */
async function startBare(bodyFile: string): Promise<Started> {
  const port = await freePort();
  const source = `const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)}, 'utf8');
    const app = require('fastify')();
    app.get('/', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  return startProcess(['-e', source], {}, port, '/');
}

async function login(server: Started): Promise<Record<string, string>> {
  const answer = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: LIBRARY_ADMIN_EMAIL, password: LIBRARY_PASSWORD }),
  });
  const session = (await answer.json()) as { token?: string };
  if (!answer.ok || !session.token) throw new Error(`login answered ${answer.status}`);
  return { authorization: `Bearer ${session.token}` };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

function row(label: string, result: Measured): string {
  return (
    `| ${label} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50Ms.toFixed(1)} ms | ` +
    `${result.p99Ms.toFixed(1)} ms | ${result.cpuMsPerRequest.toFixed(3)} ms | ${result.errors} |`
  );
}

async function benchmark(library: BuiltLibrary): Promise<number> {
  const dialect = library.handle.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  await library.handle.close();
  const redisUrl = await redisFor(library.handle.dialect);
  const cadenza = await startCadenza(library, redisUrl);
  let stopBare = () => Promise.resolve();
  const bodyFile = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-overhead-')),
    'page.json',
  );
  try {
    const headers = await login(cadenza);
    const page = await fetch(`${cadenza.url}${PAGE}`, { headers });
    const body = await page.text();
    if (page.status !== 200) throw new Error(`${PAGE} answered ${page.status}: ${body}`);
    const songs = (JSON.parse(body) as { data: unknown[] }).data.length;
    fs.writeFileSync(bodyFile, body);
    const bareServer = await startBare(bodyFile);
    stopBare = bareServer.stop;
    console.info(
      `\n${dialect}: ${songs} songs a page, ${Buffer.byteLength(body)} bytes of JSON, ` +
        `${connections} connections, ${durationMs / 1000} s a measure` +
        (library.handle.dialect === 'postgres' ? `, Redis ${redisUrl ?? 'none'}` : ''),
    );
    console.info('| server | requests/s | p50 | p99 | server CPU / request | errors |');
    console.info('|---|---|---|---|---|---|');
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const bare = await measure(bareServer, '/', {});
      const ours = await measure(cadenza, PAGE, headers);
      console.info(row(`bare Fastify 5, round ${round}`, bare));
      console.info(row(`Cadenza, round ${round}`, ours));
      ratios.push(ours.requestsPerSecond / bare.requestsPerSecond);
    }
    const ratio = median(ratios);
    console.info(
      `${dialect}: Cadenza/bare requests/s by round ${ratios.map((r) => r.toFixed(2)).join(', ')}; ` +
        `median ${ratio.toFixed(2)} (target ≥ 0.5)`,
    );
    return ratio;
  } finally {
    await stopBare();
    await cadenza.stop();
    fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('Build first: npm run build');
  const dialects: DialectName[] =
    args.db === 'both' ? ['sqlite', 'postgres'] : [args.db as DialectName];
  console.info(`Per-request overhead: ${songCount.toLocaleString('en')} songs`);
  console.info(`  ${today()}, ${machineLine()}`);
  console.info(`  load average at start: ${loadAverageLine()}`);
  for (const dialect of dialects) {
    let library: BuiltLibrary;
    try {
      library = await buildLibrary({ songs: songCount, dialect, seed: DEFAULT_SEED });
    } catch (error) {
      if (!(error instanceof DatabaseUnreachable)) throw error;
      console.info(`  PostgreSQL skipped: ${error.message}`);
      continue;
    }
    try {
      await benchmark(library);
    } finally {
      await library.cleanup();
    }
  }
  console.info(`  load average at end: ${loadAverageLine()}`);
}

await main();
