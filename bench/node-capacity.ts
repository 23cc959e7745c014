// What one node of a scale-out deployment can carry (docs/scaling.md): the built server pinned
// to one CPU core, on PostgreSQL, with its media in an S3-compatible store (s3rver, started
// here) served in proxy mode. Prints:
//   - API reads per core: an authenticated first page of 50 songs at 32 connections, against a
//     bare Node HTTP server answering the same JSON on the same core (the ratio);
//   - streams per core in proxy mode: listeners fetching songs at 40 KB/s (a 320 kbit/s MP3),
//     the node's CPU per stream-second, and its memory;
//   - database statements per page: Chromium opens each page as a listener while a relay in
//     front of PostgreSQL counts the statements the node runs.
//
// Usage: npm run build, then npx tsx bench/node-capacity.ts [--listeners 100] [--duration 10]
// PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the machine's.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { startS3TestServer } from '../apps/server/test/s3-test-server';
import { startStatementCounter } from './support/pg-statement-counter';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(root, 'apps/server/dist/main.js');
const LOAD_GENERATOR = path.join(root, 'bench/support/http-load.mjs');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'capacity@cadenza.local', password: 'capacity-bench-password' };
const LISTENER = {
  name: 'Capacity Listener',
  email: 'listener@capacity.local',
  password: 'listener-pw-1',
};
const STREAM_BYTES_PER_SECOND = 40_000;
const SERVER_CORE = 0;
const LOAD_CORE = 1;
/** The tables that grow with listeners and their listening. */
const SIZED_TABLES = ['users', 'songs', 'song_artists', 'albums', 'playlist_songs', 'plays'];
const PLAY_ROWS = 100_000;

const { values: args } = parseArgs({
  options: {
    listeners: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
  },
});
const durationMs = Number(args.duration) * 1000;
const connections = Number(args.connections);
const listenerCount = Number(args.listeners);

const canPin = spawnSync('taskset', ['-c', '0', 'true']).status === 0 && os.cpus().length > 1;
const pinned = (core: number, command: string, commandArgs: string[]) =>
  canPin
    ? { command: 'taskset', args: ['-c', String(core), command, ...commandArgs] }
    : { command, args: commandArgs };

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

function rssMiB(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

/** The real process behind `taskset` (it execs, so the pid is the same) or the child itself. */
const pidOf = (child: ChildProcess) => child.pid ?? 0;

async function runLoad(options: Record<string, unknown>): Promise<Record<string, number>> {
  const { command, args: commandArgs } = pinned(LOAD_CORE, process.execPath, [
    LOAD_GENERATOR,
    JSON.stringify(options),
  ]);
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(output) as Record<string, number>;
}

async function startNode(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-capacity-'));
  const { command, args: commandArgs } = pinned(SERVER_CORE, process.execPath, [SERVER_ENTRY]);
  const child = spawn(command, commandArgs, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the node exited:\n${output}`);
    const songs = await fetch(`${url}/api/general/songs`).catch(() => null);
    const body = songs?.ok ? ((await songs.json()) as { data: unknown[] }) : null;
    if (body && body.data.length > 0) break;
    if (Date.now() > deadline) throw new Error(`the node was not ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    port,
    pid: pidOf(child),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Node HTTP server answering one fixed body, pinned like the node: the reference. */
async function startBareServer(body: string) {
  const port = await freePort();
  const source = `require('node:http').createServer((q, s) => { s.setHeader('content-type',
    'application/json; charset=utf-8'); s.end(process.env.BODY); }).listen(${port}, '127.0.0.1',
    () => console.log('ready'));`;
  const { command, args: commandArgs } = pinned(SERVER_CORE, process.execPath, ['-e', source]);
  const child = spawn(command, commandArgs, {
    env: { BODY: body, PATH: process.env.PATH },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return {
    port,
    pid: pidOf(child),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function measureRequests(port: number, pid: number, requestPath: string, token?: string) {
  const before = cpuSeconds(pid);
  const started = Date.now();
  const result = await runLoad({
    mode: 'requests',
    port,
    path: requestPath,
    concurrency: connections,
    warmupMs: 2000,
    durationMs,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const cpu = cpuSeconds(pid) - before;
  const requests = result.requests ?? 0;
  return {
    requestsPerSecond: result.requestsPerSecond ?? 0,
    p50Ms: result.p50Ms ?? 0,
    p99Ms: result.p99Ms ?? 0,
    errors: result.errors ?? 0,
    cpuMsPerRequest:
      requests > 0 ? (cpu * 1000 * durationMs) / (Date.now() - started) / requests : NaN,
  };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Row {
  readonly _id?: string;
  readonly id?: string;
  readonly audioFile?: string;
}

async function statementsPerPage(
  url: string,
  session: { token: string; user: unknown },
  counter: { statements(): number },
  songs: readonly Row[],
) {
  const auth = { authorization: `Bearer ${session.token}` };
  const albums = await json<{ data: Row[] }>(
    await fetch(`${url}/api/user/albums?limit=1`, { headers: auth }),
  );
  const artists = await json<{ data: Row[] }>(
    await fetch(`${url}/api/user/artists?limit=1`, { headers: auth }),
  );
  // The listener's own playlist of ten songs, as the playlist page shows one.
  const form = new FormData();
  form.set('name', 'Capacity mix');
  form.set('description', 'Ten songs');
  form.set('isPublic', 'true');
  const playlist = await json<{ data: Row }>(
    await fetch(`${url}/api/user/playlists`, { method: 'POST', headers: auth, body: form }),
  );
  const playlistId = playlist.data._id ?? 'none';
  for (const song of songs.slice(0, 10)) {
    const added = await fetch(`${url}/api/user/playlists/${playlistId}/songs/${song._id}`, {
      method: 'PUT',
      headers: auth,
    });
    if (!added.ok) throw new Error(`could not add a song to the playlist: ${added.status}`);
  }
  const idOf = (rows: Row[]) => rows[0]?._id ?? rows[0]?.id ?? 'none';
  const pages = [
    ['/', 'landing (visitor)'],
    ['/discover', 'Discover'],
    ['/user/dashboard', 'dashboard, Home tab'],
    [`/album/${idOf(albums.data)}`, 'album'],
    [`/artist/${idOf(artists.data)}`, 'artist'],
    [`/playlist/${playlistId}`, 'playlist (10 songs)'],
    ['/library/albums', 'library: albums'],
    ['/search?q=the', 'search "the"'],
  ] as const;

  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const rows: { page: string; apiCalls: number; statements: number }[] = [];
  try {
    for (const [pagePath, name] of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (pagePath !== '/') {
        await page.goto(`${url}/robots.txt`);
        await page.evaluate((value) => {
          localStorage.setItem('token', value.token);
          localStorage.setItem('user', JSON.stringify(value.user));
        }, session);
      }
      let apiCalls = 0;
      let requests = 0;
      page.on('request', (request) => {
        requests += 1;
        if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls += 1;
      });
      const before = counter.statements();
      await page.goto(`${url}${pagePath}`, { waitUntil: 'networkidle' });
      // A lazily loaded screen may ask for its data after the network has been idle a moment.
      let seen = -1;
      while (seen !== requests) {
        seen = requests;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await page.waitForLoadState('networkidle');
      }
      rows.push({ page: name, apiCalls, statements: counter.statements() - before });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

async function main() {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('Build first: npm run build');
  const database = `cadenza_capacity_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const target = new URL(DATABASE_URL);
  const counter = await startStatementCounter({
    host: target.hostname,
    port: Number(target.port || 5432),
  });
  const s3 = await startS3TestServer();
  const bucket = await s3.createBucket();
  const directUrl = new URL(DATABASE_URL);
  directUrl.pathname = `/${database}`;
  const nodeUrl = new URL(DATABASE_URL);
  nodeUrl.host = `127.0.0.1:${counter.port}`;
  nodeUrl.pathname = `/${database}`;
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const node = await startNode({
      DATABASE_URL: nodeUrl.toString(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...s3.env(bucket, 'proxy'),
    });
    cleanups.push(node.stop);
    const session = await json<{ token: string; user: unknown }>(
      await fetch(`${node.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(LISTENER),
      }),
    );
    const pagePath = '/api/user/songs?limit=50';
    const firstPage = await fetch(`${node.url}${pagePath}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const pageBody = await firstPage.text();
    const songs = (JSON.parse(pageBody) as { data: Row[] }).data;

    console.info(
      `Node pinned to core ${SERVER_CORE}: ${canPin ? 'yes' : 'no (taskset or a second core missing)'}`,
    );
    console.info(
      `Load average: ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );

    const api = await measureRequests(node.port, node.pid, pagePath, session.token);
    const bare = await startBareServer(pageBody);
    const reference = await measureRequests(bare.port, bare.pid, '/');
    await bare.stop();
    console.info(
      `\nAPI reads: first page of ${songs.length} songs (${(pageBody.length / 1024).toFixed(1)} KB), ${connections} connections, ${durationMs / 1000} s`,
    );
    console.info('| server | requests/s | p50 ms | p99 ms | CPU ms/request | errors |');
    console.info('| --- | --- | --- | --- | --- | --- |');
    for (const [name, row] of [
      ['Cadenza node', api],
      ['bare Node HTTP, same body', reference],
    ] as const) {
      console.info(
        `| ${name} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50Ms.toFixed(1)} | ${row.p99Ms.toFixed(1)} | ${row.cpuMsPerRequest.toFixed(3)} | ${row.errors} |`,
      );
    }
    console.info(
      `Cadenza/bare requests/s: ${(api.requestsPerSecond / reference.requestsPerSecond).toFixed(2)}`,
    );

    const audio = songs[0]?.audioFile;
    if (!audio) throw new Error('no song with an audio URL');
    const audioPath = new URL(audio, node.url);
    const rssBefore = rssMiB(node.pid);
    const cpuBefore = cpuSeconds(node.pid);
    const started = Date.now();
    const streamed = await runLoad({
      mode: 'listeners',
      port: node.port,
      path: `${audioPath.pathname}${audioPath.search}`,
      concurrency: listenerCount,
      bytesPerSecond: STREAM_BYTES_PER_SECOND,
      durationMs,
      headers: { authorization: `Bearer ${session.token}` },
    });
    const seconds = (Date.now() - started) / 1000;
    const cpu = cpuSeconds(node.pid) - cpuBefore;
    const streamSeconds = listenerCount * seconds;
    const mib = (streamed.bytes ?? 0) / 1024 / 1024;
    console.info(
      `\nProxy streams from S3: ${listenerCount} listeners at ${STREAM_BYTES_PER_SECOND / 1000} KB/s for ${seconds.toFixed(1)} s`,
    );
    console.info(
      `received ${mib.toFixed(1)} MiB (${((streamed.bytes ?? 0) / streamSeconds / 1000).toFixed(1)} KB/s per listener), errors ${streamed.errors ?? 0}`,
    );
    console.info(
      `node CPU ${(cpu * 1000).toFixed(0)} ms: ${((cpu * 1000) / mib).toFixed(1)} ms per MiB, ${((cpu * 100) / seconds).toFixed(1)} % of a core`,
    );
    console.info(
      `streams per core at 100 % CPU: ${(streamSeconds / cpu).toFixed(0)}; RSS ${rssBefore.toFixed(0)} → ${rssMiB(node.pid).toFixed(0)} MiB`,
    );

    const perPage = await statementsPerPage(node.url, session, counter, songs);
    console.info(
      '\nDatabase statements per page (Chromium, as a listener; the landing page as a visitor)',
    );
    console.info('| page | API calls | statements |');
    console.info('| --- | --- | --- |');
    for (const row of perPage)
      console.info(`| ${row.page} | ${row.apiCalls} | ${row.statements} |`);

    // Row widths (with their share of index entries) for the database-size arithmetic.
    const sizes = new pg.Client({ connectionString: directUrl.toString() });
    await sizes.connect();
    try {
      // A year of one heavy listener's plays: enough rows for the indexes' cost per row to show.
      await sizes.query(
        `INSERT INTO plays (user_id, song_id, played_at)
         SELECT u.id, s.id, now() - (g * interval '3 minutes')
         FROM generate_series(1, ${PLAY_ROWS}) AS g
         CROSS JOIN LATERAL (SELECT id FROM users WHERE email = $1) AS u
         CROSS JOIN LATERAL (SELECT id FROM songs ORDER BY id OFFSET (g % $2) LIMIT 1) AS s`,
        [LISTENER.email, songs.length],
      );
      await sizes.query('VACUUM ANALYZE plays');
      console.info('\nBytes per row on PostgreSQL (average row, plus indexes per row)');
      console.info('| table | rows | row bytes | index bytes per row |');
      console.info('| --- | --- | --- | --- |');
      for (const table of SIZED_TABLES) {
        const { rows } = await sizes.query<{ rows: string; row: string | null; index: string }>(
          `SELECT count(*) AS rows, avg(pg_column_size(t.*)) AS row,
                  pg_indexes_size('${table}') AS index FROM ${table} t`,
        );
        const row = rows[0];
        if (!row) continue;
        const count = Number(row.rows);
        const perRow = count > 0 ? Number(row.index) / count : NaN;
        console.info(
          `| ${table} | ${count} | ${Number(row.row ?? NaN).toFixed(0)} | ${perRow.toFixed(0)} |`,
        );
      }
    } finally {
      await sizes.end();
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await s3.close();
    await counter.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
