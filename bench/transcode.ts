// Transcoding through Cadenza against ffmpeg run alone on the same file, in the same run.
//
// A four-minute FLAC (a tone under noise, stereo, 44.1 kHz: something an encoder has to work at)
// is uploaded to the built server (SQLite, local media, Debian's ffmpeg found on the PATH). For
// FLAC → Opus 160 kbps and FLAC → MP3 320 kbps, each round runs, in alternating order, ffmpeg
// alone with the arguments the server uses (its output read by this process, as the server reads
// it) and `/rest/stream?format=…&maxBitRate=…` read to its end. It prints:
// - speed: seconds of audio made per second of wall time, Cadenza against bare ffmpeg (the ratio
//   is the target's, ≥ 0.9);
// - first byte: from the request to the first byte of the answer (target ≤ 300 ms);
// - CPU per listener: ffmpeg's CPU time (user + system, from bash's `time`) per second of audio,
//   as a share of one core: what each listener playing in real time costs.
// - a cached transcode served: on a second server, its cache on, the Opus transcode once kept
//   is read in alternation with the same bytes uploaded as a song of their own and sent as they
//   are (`format=raw`); bytes per second of the first against the second (target ≥ 0.9).
//
// Usage: npm run build && npx tsx bench/transcode.ts [--rounds 3] [--seconds 240]
// Needs ffmpeg on the PATH.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ffmpegArguments,
  type TranscodeTarget,
} from '../apps/server/src/modules/transcoding/transcoder';
import { loadAverageLine, machineLine, today } from './support/machine';
import { BenchError, startDemoServer } from './support/demo-server.mjs';

const ADMIN = { email: 'bench-admin@cadenza.local', password: 'bench-admin-password-1' };
const TARGETS: ReadonlyArray<{ label: string; target: Omit<TranscodeTarget, 'offsetSeconds'> }> = [
  { label: 'FLAC → Opus 160 kbps', target: { format: 'opus', kbps: 160 } },
  { label: 'FLAC → MP3 320 kbps', target: { format: 'mp3', kbps: 320 } },
];

interface Run {
  readonly wallSeconds: number;
  readonly firstByteMs: number;
  readonly bytes: number;
}

function readOptions() {
  const { values } = parseArgs({
    options: { rounds: { type: 'string' }, seconds: { type: 'string' } },
  });
  return { rounds: Number(values.rounds ?? 3), seconds: Number(values.seconds ?? 240) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function makeFlac(file: string, seconds: number): void {
  const made = spawnSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=44100:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `anoisesrc=duration=${seconds}:amplitude=0.1:sample_rate=44100`],
    ...['-filter_complex', 'amix=inputs=2,aformat=channel_layouts=stereo', '-c:a', 'flac', file],
  ]);
  if (made.status !== 0)
    throw new BenchError(`ffmpeg could not make the FLAC: ${made.stderr.toString()}`);
}

/** ffmpeg alone: its output read by this process, as the server reads it. */
function bareFfmpeg(file: string, target: TranscodeTarget): Promise<Run> {
  const started = performance.now();
  let firstByteMs = -1;
  let bytes = 0;
  const child = spawn('ffmpeg', ffmpegArguments(`file:${file}`, target), {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  child.stdout.on('data', (chunk: Buffer) => {
    if (firstByteMs < 0) firstByteMs = performance.now() - started;
    bytes += chunk.length;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new BenchError(`ffmpeg exited with ${code}`));
      else resolve({ wallSeconds: (performance.now() - started) / 1000, firstByteMs, bytes });
    });
  });
}

/** ffmpeg's CPU time (user + system) for one transcode, seconds, by bash's `time`. */
function ffmpegCpuSeconds(file: string, target: TranscodeTarget): number {
  const command = ['ffmpeg', ...ffmpegArguments(`file:${file}`, target)]
    .map((word) => `'${word.replace(/'/g, "'\\''")}'`)
    .join(' ');
  const timed = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S'; time ${command} > /dev/null`], {
    encoding: 'utf8',
  });
  const [user = 'NaN', system = 'NaN'] = timed.stderr.trim().split('\n').at(-1)!.split(' ');
  return Number(user) + Number(system);
}

/** A stream of Cadenza read to its end. */
function throughCadenza(url: string): Promise<Run> {
  const started = performance.now();
  let firstByteMs = -1;
  let bytes = 0;
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        if (response.statusCode !== 200) {
          reject(new BenchError(`the stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.on('data', (chunk: Buffer) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
        });
        response.once('end', () =>
          resolve({ wallSeconds: (performance.now() - started) / 1000, firstByteMs, bytes }),
        );
      })
      .once('error', reject);
  });
}

/** Uploads the FLAC as the administrator and makes an app key: the song's id and the key. */
async function prepare(url: string, flac: string): Promise<{ songId: string; key: string }> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(flac)]), path.basename(flac));
  const uploaded = await fetch(`${url}/api/admin/library/uploads`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (uploaded.status !== 201) throw new BenchError(`the upload answered ${uploaded.status}`);
  const { song } = ((await uploaded.json()) as { data: { song: { _id: string } } }).data;
  const created = await fetch(`${url}/api/user/api-keys`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench' }),
  });
  const { key } = ((await created.json()) as { data: { key: string } }).data;
  return { songId: song._id, key };
}

async function main(): Promise<void> {
  const { rounds, seconds } = readOptions();
  if (spawnSync('ffmpeg', ['-version']).status !== 0)
    throw new BenchError('ffmpeg is not on the PATH: apt-get install -y ffmpeg');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-transcode-'));
  const flac = path.join(work, 'Bench Take.flac');
  makeFlac(flac, seconds);
  // The speed rounds run on a server that keeps no transcodes (each round transcodes); the
  // cached one is read from a second server, with its cache on.
  const server = await startDemoServer({
    name: 'transcode',
    admin: ADMIN,
    env: { TRANSCODE_CACHE_MB: '0' },
  });
  const caching = await startDemoServer({ name: 'transcode-cache', admin: ADMIN });
  const loadAtStart = loadAverageLine();
  try {
    const { songId, key } = await prepare(server.url, flac);

    const rows: string[] = [];
    for (const { label, target: base } of TARGETS) {
      const target = { ...base, offsetSeconds: 0 };
      const url = `${server.url}/rest/stream?apiKey=${key}&id=tr-${songId}&format=${target.format}&maxBitRate=${target.kbps}`;
      const bare: Run[] = [];
      const cadenza: Run[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const order = round % 2 === 0 ? ['bare', 'cadenza'] : ['cadenza', 'bare'];
        for (const which of order) {
          if (which === 'bare') bare.push(await bareFfmpeg(flac, target));
          else cadenza.push(await throughCadenza(url));
        }
        console.info(
          `${label}, round ${round + 1}: bare ${bare.at(-1)!.wallSeconds.toFixed(2)} s, Cadenza ${cadenza.at(-1)!.wallSeconds.toFixed(2)} s (first byte ${cadenza.at(-1)!.firstByteMs.toFixed(0)} ms)`,
        );
      }
      const bareSpeed = seconds / median(bare.map((run) => run.wallSeconds));
      const cadenzaSpeed = seconds / median(cadenza.map((run) => run.wallSeconds));
      const cpuShare = (ffmpegCpuSeconds(flac, target) / seconds) * 100;
      rows.push(
        `| ${label} | ${bareSpeed.toFixed(0)}× | ${cadenzaSpeed.toFixed(0)}× | ${(cadenzaSpeed / bareSpeed).toFixed(2)} | ${median(bare.map((run) => run.firstByteMs)).toFixed(0)} ms | ${median(cadenza.map((run) => run.firstByteMs)).toFixed(0)} ms | ${cpuShare.toFixed(2)} % |`,
      );
    }
    // The caching server keeps the Opus transcode once one has been read whole.
    const cache = await prepare(caching.url, flac);
    const served = { cached: [] as number[], raw: [] as number[] };
    const opus = TARGETS[0]!.target;
    const cachedUrl = `${caching.url}/rest/stream?apiKey=${cache.key}&id=tr-${cache.songId}&format=${opus.format}&maxBitRate=${opus.kbps}`;
    await throughCadenza(cachedUrl);
    for (
      let tries = 0;
      (await fetch(cachedUrl, { method: 'HEAD' })).headers.get('content-length') === null;
      tries += 1
    ) {
      if (tries > 100) throw new BenchError('the transcode was not cached');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The same bytes as a song of their own, sent as they are: the reference.
    const transcoded = path.join(work, 'Bench Take.opus');
    fs.writeFileSync(transcoded, Buffer.from(await (await fetch(cachedUrl)).arrayBuffer()));
    const same = await prepare(caching.url, transcoded);
    const rawUrl = `${caching.url}/rest/stream?apiKey=${same.key}&id=tr-${same.songId}&format=raw`;
    for (let round = 0; round < rounds * 3; round += 1) {
      for (const [which, url] of [
        ['cached', cachedUrl],
        ['raw', rawUrl],
      ] as const) {
        const run = await throughCadenza(url);
        served[which].push(run.bytes / run.wallSeconds);
      }
    }
    const cachedRate = median(served.cached);
    const rawRate = median(served.raw);
    console.info(`\n${today()}, ${machineLine()}`);
    console.info(
      `rounds: ${rounds}; ${seconds} s of audio; load average (1, 5, 15 min) at start: ${loadAtStart}; at end: ${loadAverageLine()}`,
    );
    console.info(
      '\n| transcode | speed, ffmpeg alone | speed, Cadenza | Cadenza / alone | first byte, alone | first byte, Cadenza | CPU per listener (one core) |',
    );
    console.info('| --- | --- | --- | --- | --- | --- | --- |');
    for (const row of rows) console.info(row);
    console.info(
      '\n(speed: seconds of audio per second of wall time, median of the rounds; targets: Cadenza / alone ≥ 0.9, first byte ≤ 300 ms)',
    );
    const mib = (rate: number) => (rate / 1024 / 1024).toFixed(0);
    console.info(
      `\nServed: a cached Opus transcode ${mib(cachedRate)} MiB/s, the same bytes as a file of their own ${mib(rawRate)} MiB/s; ratio ${(cachedRate / rawRate).toFixed(2)} (target ≥ 0.9; medians of ${rounds * 3} reads each)`,
    );
  } finally {
    await server.stop();
    await caching.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exit(1);
});
