// Streaming benchmark: 256 KiB byte-range GETs of one audio file at 64 concurrent connections,
// Cadenza's signed /media/audio URL against Debian's nginx serving the same file, both measured in
// the same run. Prints requests/s, MiB/s, p50/p99 latency and server CPU time per request for
// each server, and the Cadenza/nginx ratios. Everything listens on 127.0.0.1, runs for a bounded
// time and is removed on exit.
//
// With --mode slow (or both) it also plays the file to many slow listeners (200 at 40 KB/s for
// 60 s by default) and prints server CPU time per MB sent and the servers' memory (RSS) over time.
//
// Usage: node bench/streaming.mjs [--mode ranges|slow|both] [--rounds 3] [--warmup 3]
//   [--duration 10] [--concurrency 64] [--listeners 200] [--rate 40] [--slow-duration 60]
// Needs nginx: apt-get install -y nginx-light (or set NGINX_BIN to another nginx binary).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { newestMtime, root } from '../scripts/lib.mjs';
import { freePort } from './support/demo-server.mjs';

const SERVER_ENTRY = path.join(root, 'apps/server/dist/main.js');
const SERVER_SOURCES = [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/contract/src',
];
const LOAD_GENERATOR = path.join(root, 'bench/support/range-load.mjs');
const SLOW_LOAD_GENERATOR = path.join(root, 'bench/support/slow-load.mjs');
const RSS_SAMPLE_MS = 1_000;
const NGINX_BIN = process.env.NGINX_BIN || '/usr/sbin/nginx';
const NGINX_WORKERS = 1;

const HOST = '127.0.0.1';
const WINDOW_BYTES = 256 * 1024;
const RANGE_SEED = 20_260_521;
const REQUEST_TIMEOUT_MS = 10_000;
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
const ADMIN_EMAIL = 'bench@cadenza.local';
const ADMIN_PASSWORD = 'streaming-bench-password';

class BenchError extends Error {}

function readOptions() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      concurrency: { type: 'string', default: '64' },
      mode: { type: 'string', default: 'ranges' },
      listeners: { type: 'string', default: '200' },
      rate: { type: 'string', default: '40' },
      'slow-duration': { type: 'string', default: '60' },
    },
  });
  if (!['ranges', 'slow', 'both'].includes(values.mode)) {
    throw new BenchError('--mode must be ranges, slow or both');
  }
  const positive = (name, max) => {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value <= 0 || value > max) {
      throw new BenchError(`--${name} must be a number between 0 and ${max}`);
    }
    return value;
  };
  return {
    rounds: Math.round(positive('rounds', 20)),
    warmupMs: positive('warmup', 60) * 1000,
    durationMs: positive('duration', 120) * 1000,
    concurrency: Math.round(positive('concurrency', 1024)),
    mode: values.mode,
    listeners: Math.round(positive('listeners', 2000)),
    bytesPerSecond: positive('rate', 100_000) * 1000,
    slowDurationMs: positive('slow-duration', 600) * 1000,
  };
}

// ---------------------------------------------------------------------------------------------
// Child processes and temporary files, all released by `cleanUp`, even after an error.

const children = new Set();
const tempDirs = new Set();

/**
 * @typedef {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable,
 *   import('node:stream').Readable> & { output: string,
 *   exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }> }} Child
 */

/** Starts a child in its own process group, so that stopping it also stops its workers. */
function startChild(command, args, options = {}) {
  const child = /** @type {Child} */ (
    spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      ...options,
    })
  );
  child.output = '';
  const keepTail = (chunk) => {
    child.output = (child.output + chunk.toString()).slice(-8192);
  };
  child.stdout.on('data', keepTail);
  child.stderr.on('data', keepTail);
  child.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
    child.on('error', (error) => {
      keepTail(`${error.message}\n`);
      resolve({ code: null, signal: null });
    });
  });
  children.add(child);
  child.exited.then(() => children.delete(child));
  return child;
}

function isRunning(child) {
  return child.exitCode === null && child.signalCode === null && child.pid !== undefined;
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
}

async function stopChild(child) {
  if (!isRunning(child)) return;
  killGroup(child, 'SIGTERM');
  const timer = new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS, 'timeout'));
  if ((await Promise.race([child.exited, timer])) === 'timeout') {
    killGroup(child, 'SIGKILL');
    await child.exited;
  }
}

let cleaningUp = null;
let interrupted = false;
function cleanUp() {
  cleaningUp ??= (async () => {
    await Promise.all([...children].map(stopChild));
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
    tempDirs.clear();
  })();
  return cleaningUp;
}

for (const [signal, code] of /** @type {[NodeJS.Signals, number][]} */ ([
  ['SIGINT', 130],
  ['SIGTERM', 143],
])) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the servers...`);
    cleanUp().finally(() => process.exit(code));
  });
}

function makeTempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-streaming-'));
  tempDirs.add(dir);
  return dir;
}

function readIfPresent(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `probe` until it returns true; fails when the child exits or the time is up. */
async function waitUntil(what, child, probe) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!isRunning(child)) {
      throw new BenchError(`${what} exited during start-up:\n${child.output.trim()}`);
    }
    if (await probe().catch(() => false)) return;
    await sleep(100);
  }
  throw new BenchError(`${what} was not ready after ${STARTUP_TIMEOUT_MS / 1000} s`);
}

// ---------------------------------------------------------------------------------------------
// The servers.

/** Builds the server bundle when it is missing or older than its sources; no web app needed. */
function buildServerIfStale() {
  const builtAt = fs.statSync(SERVER_ENTRY, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (builtAt >= newestMtime(SERVER_SOURCES)) return;
  console.info('Building the server (node apps/server/build.mjs)...');
  const result = spawnSync(process.execPath, ['apps/server/build.mjs'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new BenchError('the server build failed');
}

async function startCadenza(tempDir, name = 'Cadenza', env = {}) {
  const dataDir = path.join(tempDir, `cadenza-data-${name.replace(/\W+/g, '-')}`);
  fs.mkdirSync(dataDir);
  const port = await freePort();
  const child = startChild(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DEMO_LIBRARY: 'true',
      ...env,
    },
  });
  await waitUntil(name, child, async () => child.output.includes('Cadenza is ready'));
  return { name, child, children: [child], port, dataDir, baseUrl: `http://${HOST}:${port}` };
}

async function readJson(response, what) {
  const text = await response.text();
  if (!response.ok) {
    throw new BenchError(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return JSON.parse(text);
}

/** Logs in and picks the first song's signed audio URL and the file behind it. */
async function findAudio(cadenza) {
  const login = await fetch(`${cadenza.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const { token } = await readJson(login, 'POST /api/auth/login');
  const songs = await fetch(`${cadenza.baseUrl}/api/user/songs`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const { data } = await readJson(songs, 'GET /api/user/songs');
  const audioFile = data?.[0]?.audioFile;
  if (typeof audioFile !== 'string') {
    throw new BenchError('GET /api/user/songs listed no songs: was the demo library imported?');
  }
  const match = /^\/media\/audio\/([^?]+)/.exec(audioFile);
  if (!match) throw new BenchError(`unexpected audio URL: ${audioFile}`);
  const audioDir = path.join(cadenza.dataDir, 'media', 'audio');
  const file = path.resolve(audioDir, decodeURIComponent(match[1]));
  if (!file.startsWith(audioDir + path.sep) || !fs.existsSync(file)) {
    throw new BenchError(`the file behind ${audioFile} is not in ${audioDir}`);
  }
  return { urlPath: audioFile, file, fileSize: fs.statSync(file).size };
}

const ACCEL_SITE_CONFIG = path.join(root, 'deploy/nginx/cadenza-accel.conf');

/**
 * nginx in front of Cadenza with MEDIA_DELIVERY=accel: deploy/nginx/cadenza-accel.conf as it
 * ships (nginx asks the node once per signed URL, caches its answer and sends the file from its
 * DATA_DIR/media), with the bench's node port, listening address, DATA_DIR and cache folder in
 * place of the example's.
 */
function accelSite({ cadenzaPort, dataDir, port, prefix }) {
  const site = fs.readFileSync(ACCEL_SITE_CONFIG, 'utf8');
  /** @type {[RegExp, string][]} */
  const replacements = [
    [/^(\s*)server 127\.0\.0\.1:3000;$/m, `$1server ${HOST}:${cadenzaPort};`],
    [/^(\s*)listen 80;$/m, `$1listen ${HOST}:${port};`],
    [/^(\s*)root \/var\/lib\/cadenza;$/m, `$1root ${JSON.stringify(dataDir)};`],
    [
      /^(\s*)alias \/var\/lib\/cadenza\/media\/;$/m,
      `$1alias ${JSON.stringify(path.join(dataDir, 'media') + path.sep)};`,
    ],
    [
      /^(proxy_cache_path )\/var\/cache\/nginx\/cadenza-media-checks /m,
      `$1${JSON.stringify(path.join(prefix, 'media-checks'))} `,
    ],
  ];
  if (!replacements.every(([line]) => line.test(site))) {
    throw new BenchError(
      `${ACCEL_SITE_CONFIG} no longer has the server, listen, root, alias and cache lines expected`,
    );
  }
  return replacements.reduce((text, [line, local]) => text.replace(line, local), site);
}

function nginxConfig({ prefix, port, audioDir, accel }) {
  const quoted = (value) => JSON.stringify(value);
  const runsAsRoot = process.getuid?.() === 0;
  return `# Generated by bench/streaming.mjs.
${runsAsRoot ? 'user root;\n' : ''}worker_processes ${NGINX_WORKERS};
pid ${quoted(path.join(prefix, 'nginx.pid'))};
error_log ${quoted(path.join(prefix, 'error.log'))} warn;

events {
  worker_connections 1024;
}

http {
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 75s;
  keepalive_requests 1000000;
  types {
    audio/mpeg mp3;
  }
  default_type application/octet-stream;
  client_body_temp_path ${quoted(path.join(prefix, 'client-body'))};
  proxy_temp_path ${quoted(path.join(prefix, 'proxy'))};
  fastcgi_temp_path ${quoted(path.join(prefix, 'fastcgi'))};
  uwsgi_temp_path ${quoted(path.join(prefix, 'uwsgi'))};
  scgi_temp_path ${quoted(path.join(prefix, 'scgi'))};

${
  accel
    ? accelSite({ ...accel, port, prefix })
    : `  server {
    listen ${HOST}:${port};
    location /media/audio/ {
      alias ${quoted(audioDir + path.sep)};
    }
  }`
}
}
`;
}

/** nginx serving Cadenza's files itself, or (`accel`) in front of a Cadenza that hands them over. */
async function startNginx(tempDir, cadenza, audio, accel = false) {
  const name = accel ? 'nginx + Cadenza (accel)' : 'nginx';
  const prefix = path.join(tempDir, accel ? 'nginx-accel' : 'nginx');
  fs.mkdirSync(prefix);
  const port = await freePort();
  const config = path.join(prefix, 'nginx.conf');
  const audioDir = path.join(cadenza.dataDir, 'media', 'audio');
  const accelOptions = accel ? { cadenzaPort: cadenza.port, dataDir: cadenza.dataDir } : null;
  fs.writeFileSync(config, nginxConfig({ prefix, port, audioDir, accel: accelOptions }));
  const child = startChild(NGINX_BIN, [
    '-c',
    config,
    '-p',
    prefix,
    '-e',
    path.join(prefix, 'error.log'),
    '-g',
    'daemon off;',
  ]);
  const baseUrl = `http://${HOST}:${port}`;
  try {
    await waitUntil('nginx', child, async () => {
      const response = await fetch(`${baseUrl}${audio.urlPath}`, {
        method: 'HEAD',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      return response.status === 200;
    });
  } catch (error) {
    const failure = /** @type {Error} */ (error);
    throw new BenchError(`${failure.message}\n${readIfPresent(path.join(prefix, 'error.log'))}`);
  }
  // The accel figures count both processes: the node that checks, the nginx that sends.
  const children = accel ? [child, cadenza.child] : [child];
  return { name, child, children, port, baseUrl, audio };
}

/** Every distinct window must come back as 206 with exactly the file's bytes. */
async function verifyRanges(server, audio) {
  const content = fs.readFileSync(audio.file);
  for (let start = 0; start < audio.fileSize; start += WINDOW_BYTES) {
    const end = Math.min(start + WINDOW_BYTES, audio.fileSize) - 1;
    const response = await fetch(`${server.baseUrl}${audio.urlPath}`, {
      headers: { range: `bytes=${start}-${end}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = Buffer.from(await response.arrayBuffer());
    const expectedRange = `bytes ${start}-${end}/${audio.fileSize}`;
    if (
      response.status !== 206 ||
      response.headers.get('content-range') !== expectedRange ||
      !body.equals(content.subarray(start, end + 1))
    ) {
      throw new BenchError(
        `${server.name} answered ${response.status} (${response.headers.get('content-range')}, ` +
          `${body.length} bytes) to bytes=${start}-${end}` +
          (response.status === 404 ? ': are the /media/audio routes in place?' : ''),
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Measurement.

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (ms) used so far by the processes of a server's process group (nginx: master and
 * worker), from /proc; null where /proc is not available.
 */
function groupCpuMs(child) {
  let ticks = 0;
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = readIfPresent(`/proc/${entry}/stat`);
      // Fields after the command name: state ppid pgrp ... utime (12th) stime (13th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === child.pid) ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** CPU ms of all of a server's process groups; null where /proc is not available. */
function serverCpuMs(server) {
  const parts = server.children.map(groupCpuMs);
  return parts.includes(null) ? null : parts.reduce((sum, part) => sum + part, 0);
}

function serverRssMiB(server) {
  const parts = server.children.map(groupRssMiB);
  return parts.includes(null) ? null : parts.reduce((sum, part) => sum + part, 0);
}

/** What a load generator needs to reach one server's audio file. */
function audioTarget(server) {
  return {
    host: HOST,
    port: server.port,
    path: server.audio.urlPath,
    fileSize: server.audio.fileSize,
  };
}

async function measure(server, options) {
  const loadOptions = {
    ...audioTarget(server),
    windowBytes: WINDOW_BYTES,
    seed: RANGE_SEED,
    concurrency: options.concurrency,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
  };
  const cpuBefore = serverCpuMs(server);
  const child = startChild(process.execPath, [LOAD_GENERATOR, JSON.stringify(loadOptions)]);
  const { code } = await child.exited;
  const cpuAfter = serverCpuMs(server);
  const lastLine = child.output.trim().split('\n').at(-1) ?? '';
  if (code !== 0) throw new BenchError(`the load generator failed:\n${child.output.trim()}`);
  const result = JSON.parse(lastLine);
  if (result.measuredRequests === 0) {
    throw new BenchError(
      `no request to ${server.name} completed in the measured time: ` +
        `${result.errors} errors (${result.errorSamples.join('; ')})`,
    );
  }
  const cpuMsPerRequest =
    cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result.requests;
  return { ...result, cpuMsPerRequest };
}

/** Resident memory (MiB) of a server's process group, from /proc; null where unavailable. */
function groupRssMiB(child) {
  let kib = 0;
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = readIfPresent(`/proc/${entry}/stat`);
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== child.pid) continue;
      const rss = /^VmRSS:\s+(\d+) kB$/m.exec(readIfPresent(`/proc/${entry}/status`));
      if (rss) kib += Number(rss[1]);
    }
  } catch {
    return null;
  }
  return kib / 1024;
}

/** Slow listeners against one server: CPU per MB sent, and RSS sampled every second. */
async function measureSlow(server, options) {
  const loadOptions = {
    ...audioTarget(server),
    listeners: options.listeners,
    bytesPerSecond: options.bytesPerSecond,
    durationMs: options.slowDurationMs,
    requestTimeoutMs: REQUEST_TIMEOUT_MS * 3,
  };
  const rssBefore = serverRssMiB(server);
  const samples = [];
  const sampler = setInterval(() => samples.push(serverRssMiB(server)), RSS_SAMPLE_MS);
  const cpuBefore = serverCpuMs(server);
  const child = startChild(process.execPath, [SLOW_LOAD_GENERATOR, JSON.stringify(loadOptions)]);
  const { code } = await child.exited;
  const cpuAfter = serverCpuMs(server);
  clearInterval(sampler);
  if (code !== 0) throw new BenchError(`the slow listeners failed:\n${child.output.trim()}`);
  const result = JSON.parse(child.output.trim().split('\n').at(-1) ?? '');
  const mb = result.bytes / 1e6;
  const known = samples.filter((sample) => sample !== null);
  return {
    ...result,
    mbPerSecond: mb / result.seconds,
    cpuMsPerMb: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / mb,
    rssBefore,
    rssAt10s: known[9] ?? null,
    rssMax: known.length ? Math.max(...known) : null,
    rssEnd: known.at(-1) ?? null,
  };
}

function printSlowReport(options, results) {
  const mib = (value) => (value === null ? 'n/a' : value.toFixed(0));
  console.info(
    `\nSlow listeners: ${options.listeners} listeners at ${options.bytesPerSecond / 1000} KB/s ` +
      `each (\`Range: bytes=0-\`, the file played again and again), ` +
      `${options.slowDurationMs / 1000} s per server.\n`,
  );
  printTable([
    [
      'Server',
      'MB/s sent',
      'Server CPU ms/MB',
      'RSS MiB before',
      'at 10 s',
      'max',
      'at end',
      'Errors / plays',
    ],
    ...results.map(([name, r]) => [
      name,
      r.mbPerSecond.toFixed(2),
      r.cpuMsPerMb?.toFixed(2) ?? 'n/a',
      mib(r.rssBefore),
      mib(r.rssAt10s),
      mib(r.rssMax),
      mib(r.rssEnd),
      `${r.errors} / ${r.plays}`,
    ]),
  ]);
  const [[, nginx], ...others] = results;
  for (const [name, other] of others) {
    if (nginx.cpuMsPerMb && other.cpuMsPerMb) {
      console.info(
        `\n${name} / nginx: server CPU per MB ${(other.cpuMsPerMb / nginx.cpuMsPerMb).toFixed(2)}`,
      );
    }
  }
  console.info('');
  return results.reduce((sum, [, result]) => sum + result.errors, 0);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function summarize(rounds) {
  return {
    requestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)),
    mibPerSecond: median(rounds.map((round) => round.mibPerSecond)),
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    p99Ms: median(rounds.map((round) => round.p99Ms)),
    cpuMsPerRequest: rounds.some((round) => round.cpuMsPerRequest === null)
      ? null
      : median(rounds.map((round) => round.cpuMsPerRequest)),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    requests: rounds.reduce((sum, round) => sum + round.requests, 0),
  };
}

function machineInfo(loadAtStart) {
  const cpuinfo = readIfPresent('/proc/cpuinfo');
  const cpuModel = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model;
  const nginxVersion = spawnSync(NGINX_BIN, ['-v'], { encoding: 'utf8' }).stderr.trim();
  const loadAtEnd = readIfPresent('/proc/loadavg').trim();
  return {
    date: new Date().toISOString(),
    nproc: os.availableParallelism(),
    cpuModel: cpuModel ?? 'unknown',
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
    nginx: nginxVersion.replace(/^nginx version:\s*/, ''),
    load: `/proc/loadavg ${loadAtStart} at start, ${loadAtEnd} at end`,
  };
}

function formatRow(cells, widths) {
  return `| ${cells.map((cell, index) => String(cell).padEnd(widths[index])).join(' | ')} |`;
}

function printTable(rows) {
  const widths = rows[0].map((_, column) =>
    Math.max(...rows.map((row) => String(row[column]).length)),
  );
  const [header, ...body] = rows;
  console.info(formatRow(header, widths));
  console.info(
    formatRow(
      widths.map((width) => '-'.repeat(width)),
      widths,
    ),
  );
  for (const row of body) console.info(formatRow(row, widths));
}

function printReport({ options, audio, results }) {
  const [nginx, ...others] = Object.values(results).map(summarize);
  const names = Object.keys(results);
  console.info(
    `\nStreaming: 256 KiB ranges of a ${audio.fileSize}-byte file, ${options.concurrency} ` +
      `connections, ${options.rounds} rounds of ${options.warmupMs / 1000} s warm-up + ` +
      `${options.durationMs / 1000} s measured per server; medians of the rounds.\n`,
  );
  const row = (name, summary) => [
    name,
    summary.requestsPerSecond.toFixed(0),
    summary.mibPerSecond.toFixed(1),
    summary.p50Ms.toFixed(1),
    summary.p99Ms.toFixed(1),
    summary.cpuMsPerRequest?.toFixed(3) ?? 'n/a',
    `${summary.errors} / ${summary.requests}`,
  ];
  printTable([
    [
      'Server',
      'Requests/s',
      'MiB/s',
      'p50 ms',
      'p99 ms',
      'Server CPU ms/request',
      'Errors / requests',
    ],
    row(`nginx (${NGINX_WORKERS} worker)`, nginx),
    ...others.map((summary, index) => row(names[index + 1], summary)),
  ]);
  others.forEach((other, index) => {
    console.info(
      `\n${names[index + 1]} / nginx: throughput ` +
        `${(other.mibPerSecond / nginx.mibPerSecond).toFixed(2)}, ` +
        `p99 latency ${(other.p99Ms / nginx.p99Ms).toFixed(2)}` +
        (other.cpuMsPerRequest && nginx.cpuMsPerRequest
          ? `, server CPU per request ${(other.cpuMsPerRequest / nginx.cpuMsPerRequest).toFixed(2)}`
          : ''),
    );
  });
  console.info('');
  return [nginx, ...others].reduce((sum, summary) => sum + summary.errors, 0);
}

function describeRound(server, round, result) {
  return (
    `  round ${round} ${server.name.padEnd(23)} ${result.requestsPerSecond.toFixed(0)} req/s, ` +
    `${result.mibPerSecond.toFixed(1)} MiB/s, p50 ${result.p50Ms.toFixed(1)} ms, ` +
    `p99 ${result.p99Ms.toFixed(1)} ms, ` +
    `${result.cpuMsPerRequest?.toFixed(3) ?? 'n/a'} CPU ms/request, ${result.errors} errors` +
    (result.errorSamples.length ? ` (${result.errorSamples.join('; ')})` : '')
  );
}

async function main() {
  const options = readOptions();
  if (!fs.existsSync(NGINX_BIN)) {
    throw new BenchError(
      `nginx was not found at ${NGINX_BIN}. Install Debian's package with\n` +
        '  sudo apt-get install -y nginx-light\n' +
        'or set NGINX_BIN to an nginx binary.',
    );
  }
  buildServerIfStale();
  const loadAtStart = readIfPresent('/proc/loadavg').trim();

  const tempDir = makeTempDir();
  console.info('Starting Cadenza (demo library) and nginx on 127.0.0.1...');
  const cadenza = await startCadenza(tempDir);
  const audio = await findAudio(cadenza);
  cadenza.audio = audio;
  const nginx = await startNginx(tempDir, cadenza, audio);
  const accelNode = await startCadenza(tempDir, 'Cadenza (accel node)', {
    MEDIA_DELIVERY: 'accel',
  });
  const accelAudio = await findAudio(accelNode);
  const accel = await startNginx(tempDir, accelNode, accelAudio, true);
  const servers = [nginx, cadenza, accel];
  for (const server of servers) await verifyRanges(server, server.audio);
  console.info(`Serving ${path.basename(audio.file)} (${audio.fileSize} bytes) from all three.`);

  let errors = 0;
  if (options.mode !== 'slow') {
    const results = Object.fromEntries(
      servers.map((server) => [server.name, /** @type {unknown[]} */ ([])]),
    );
    for (let round = 1; round <= options.rounds; round += 1) {
      for (const server of servers) {
        const result = await measure(server, options);
        results[server.name].push(result);
        console.info(describeRound(server, round, result));
      }
    }
    errors += printReport({ options, audio, results });
  }
  if (options.mode !== 'ranges') {
    const results = [];
    for (const server of servers) {
      console.info(`  slow listeners on ${server.name}...`);
      results.push([server.name, await measureSlow(server, options)]);
    }
    errors += printSlowReport(options, results);
  }
  const machine = machineInfo(loadAtStart);
  for (const [key, value] of Object.entries(machine)) console.info(`${key.padEnd(8)} ${value}`);
  if (errors > 0) throw new BenchError(`${errors} requests failed; the figures are not valid`);
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  exitCode = 1;
  if (!interrupted) {
    const message =
      error instanceof BenchError ? error.message : /** @type {Error} */ (error).stack;
    console.error(`\nstreaming benchmark failed: ${message}`);
  }
} finally {
  await cleanUp();
}
process.exit(exitCode);
