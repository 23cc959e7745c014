// Start and memory with a large library (docs/benchmarks.md "## Start and memory"): the built
// server on a SQLite library, started as a process. Prints
//   - the time from spawn to the first 200 of /api/health, and to the first page of songs of a
//     listener who logged in then (the login's password hash included);
//   - its resident memory (VmRSS) 10 s after that first page, with nothing asked meanwhile;
//   - its resident memory each second of a mixed load (song pages, the first and deep ones by
//     cursor, searches, album and artist pages, stats, profile, likes) on a few connections:
//     the largest, the last, and the slope over the second half;
//   - the same start and idle figures for a bare Fastify 5 server answering one route, started
//     in the same run, and the ratios.
//
// Usage: npm run build, then
//   npx tsx bench/start-memory.ts [--data-dir DIR | --songs 10000] [--duration 120]
//     [--connections 4] [--idle 10]
// --data-dir opens a library built before (bench/scale.ts --keep); otherwise one of --songs
// songs is built for the run and removed at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  buildLibrary,
  LIBRARY_ADMIN_EMAIL,
  LIBRARY_PASSWORD,
  type BuiltLibrary,
} from './support/library-generator';
import {
  benchRoot as root,
  freePort,
  rssMiB,
  runLoad,
  sleep,
  startProcess,
} from './support/processes';

const SERVER_ENTRY = path.join(root, 'apps/server/dist/main.js');
/** How many song pages the load walks by cursor, each of 50 songs. */
const DEEP_PAGES = 40;

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    songs: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '120' },
    connections: { type: 'string', default: '4' },
    idle: { type: 'string', default: '10' },
  },
});

function positive(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    console.error(`--${name} must be a positive number`);
    process.exit(2);
  }
  return number;
}
const durationMs = positive('duration', args.duration) * 1000;
const connections = Math.round(positive('connections', args.connections));
const idleMs = positive('idle', args.idle) * 1000;
const songCount = Math.round(positive('songs', args.songs));

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Page<T> {
  readonly data: T[];
  readonly nextCursor?: string;
}
interface Row {
  readonly _id?: string;
  readonly id?: string;
  readonly title?: string;
}
const idOf = (row: Row | undefined) => row?._id ?? row?.id;

/** The paths of the mixed load, found by asking the server as a listener would. */
async function mixedPaths(url: string, auth: Record<string, string>): Promise<string[]> {
  const get = <T>(requestPath: string) =>
    fetch(`${url}${requestPath}`, { headers: auth }).then((answer) => json<T>(answer));
  const songPages = ['/api/user/songs?limit=50'];
  let cursor: string | undefined;
  let titles: string[] = [];
  for (let page = 0; page < DEEP_PAGES; page += 1) {
    const cursorQuery = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const body = await get<Page<Row>>(`/api/user/songs?limit=50${cursorQuery}`);
    if (page === 0) titles = body.data.map((song) => song.title ?? '').filter(Boolean);
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
    songPages.push(`/api/user/songs?limit=50&cursor=${encodeURIComponent(cursor)}`);
  }
  const words = [...new Set(titles.flatMap((title) => title.split(/\s+/)))]
    .filter((word) => word.length >= 3)
    .slice(0, 6);
  const searches = [...words, 'the', 'love', 'a'].flatMap((word) => [
    `/api/user/songs/search?query=${encodeURIComponent(word)}`,
    `/api/user/search/all?query=${encodeURIComponent(word)}`,
  ]);
  const albums = await get<Page<Row>>('/api/user/albums?limit=20');
  const artists = await get<Page<Row>>('/api/user/artists?limit=20');
  const catalogue = [
    '/api/user/albums?limit=50',
    '/api/user/albums?limit=50&sort=title',
    '/api/user/artists?limit=50',
    ...albums.data.slice(0, 10).map((album) => `/api/user/albums/${idOf(album)}`),
    ...artists.data.slice(0, 10).map((artist) => `/api/user/artists/${idOf(artist)}`),
  ];
  const account = [
    '/api/general/stats/quick',
    '/api/user/profile',
    '/api/user/songs/liked?limit=50',
    '/api/user/home',
  ];
  // Interleaved, so that every connection meets every kind of request.
  const groups = [songPages, searches, catalogue, account];
  const longest = Math.max(...groups.map((group) => group.length));
  const paths: string[] = [];
  for (let index = 0; index < longest; index += 1) {
    for (const group of groups) {
      const entry = group[index % group.length];
      if (entry) paths.push(entry);
    }
  }
  return paths;
}

/** Least-squares slope of (seconds, MiB), in MiB per minute. */
function slopePerMinute(samples: readonly { s: number; mib: number }[]): number {
  const n = samples.length;
  if (n < 2) return NaN;
  const meanS = samples.reduce((sum, p) => sum + p.s, 0) / n;
  const meanM = samples.reduce((sum, p) => sum + p.mib, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.s - meanS) * (p.mib - meanM);
    den += (p.s - meanS) ** 2;
  }
  return (num / den) * 60;
}

async function measureCadenza(dataDir: string) {
  const port = await freePort();
  const server = await startProcess(
    [SERVER_ENTRY],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_LIBRARY: 'false',
    },
    port,
    '/api/health',
  );
  try {
    const session = await json<{ token: string }>(
      await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: LIBRARY_ADMIN_EMAIL, password: LIBRARY_PASSWORD }),
      }),
    );
    const auth = { authorization: `Bearer ${session.token}` };
    const first = await json<Page<Row>>(
      await fetch(`${server.url}/api/user/songs?limit=50`, { headers: auth }),
    );
    const firstPageMs = performance.now() - server.spawnedAt;
    if (first.data.length === 0) throw new Error('the library has no songs');
    await sleep(idleMs);
    const idleMiB = rssMiB(server.pid);

    const paths = await mixedPaths(server.url, auth);
    const samples: { s: number; mib: number }[] = [];
    const loadStart = performance.now();
    const sampler = setInterval(() => {
      samples.push({ s: (performance.now() - loadStart) / 1000, mib: rssMiB(server.pid) });
    }, 1000);
    const load = await runLoad({
      mode: 'requests',
      port: server.port,
      paths,
      concurrency: connections,
      durationMs,
      headers: auth,
    }).finally(() => clearInterval(sampler));
    const secondHalf = samples.filter((p) => p.s >= durationMs / 2000);
    return {
      healthMs: server.healthMs,
      firstPageMs,
      idleMiB,
      paths: paths.length,
      load,
      maxMiB: Math.max(...samples.map((p) => p.mib)),
      finalMiB: samples.at(-1)?.mib ?? NaN,
      slope: slopePerMinute(secondHalf),
      samples: samples.length,
    };
  } finally {
    await server.stop();
  }
}

/** A bare Fastify 5 server with one JSON route: the reference for start and idle memory. */
async function measureBareFastify() {
  const port = await freePort();
  const source = `const app = require('fastify')();
    app.get('/health', async () => ({ status: 'ok' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const server = await startProcess(['-e', source], {}, port, '/health');
  try {
    await sleep(idleMs);
    return { healthMs: server.healthMs, idleMiB: rssMiB(server.pid) };
  } finally {
    await server.stop();
  }
}

async function main() {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('Build first: npm run build');
  const loadAtStart = loadAverage();
  let library: BuiltLibrary | null = null;
  let dataDir = args['data-dir'] ? path.resolve(args['data-dir']) : '';
  if (dataDir && !fs.existsSync(path.join(dataDir, 'cadenza.db'))) {
    throw new Error(`${dataDir} holds no cadenza.db: build one with bench/scale.ts --keep`);
  }
  if (!dataDir) {
    console.info(`Building a library of ${songCount.toLocaleString('en')} songs…`);
    library = await buildLibrary({ songs: songCount, dialect: 'sqlite' });
    await library.handle.close();
    dataDir = library.dataDir;
  }
  try {
    const dbMiB = fs.statSync(path.join(dataDir, 'cadenza.db')).size / 1024 / 1024;
    console.info(`Library: ${dataDir} (cadenza.db ${dbMiB.toFixed(0)} MiB)`);
    console.info(`${os.cpus().length} CPUs (nproc), Node ${process.version}`);
    console.info(`load average at the start: ${loadAtStart}`);

    const bare = await measureBareFastify();
    const cadenza = await measureCadenza(dataDir);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const mib = (value: number) => `${value.toFixed(0)} MiB`;

    console.info('\n| server | spawn → /health 200 | spawn → first page of songs | idle RSS |');
    console.info('| --- | --- | --- | --- |');
    console.info(
      `| Cadenza | ${seconds(cadenza.healthMs)} | ${seconds(cadenza.firstPageMs)} | ${mib(cadenza.idleMiB)} |`,
    );
    console.info(`| bare Fastify 5 | ${seconds(bare.healthMs)} | | ${mib(bare.idleMiB)} |`);
    console.info(
      `Cadenza/bare: start ${(cadenza.healthMs / bare.healthMs).toFixed(2)}, idle RSS ${(cadenza.idleMiB / bare.idleMiB).toFixed(2)}`,
    );

    const { load } = cadenza;
    console.info(
      `\nMixed load: ${cadenza.paths} paths in turn, ${connections} connections, ${durationMs / 1000} s: ${(load.requestsPerSecond ?? 0).toFixed(0)} requests/s, p50 ${(load.p50Ms ?? 0).toFixed(1)} ms, p99 ${(load.p99Ms ?? 0).toFixed(1)} ms, ${load.errors ?? 0} errors`,
    );
    console.info(
      `RSS over ${cadenza.samples} samples: max ${mib(cadenza.maxMiB)}, final ${mib(cadenza.finalMiB)}, slope over the second half ${cadenza.slope.toFixed(1)} MiB/min`,
    );
    console.info(
      `max RSS under load / bare Fastify idle RSS: ${(cadenza.maxMiB / bare.idleMiB).toFixed(2)}`,
    );
    console.info(`load average at the end: ${loadAverage()}`);
  } finally {
    await library?.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
