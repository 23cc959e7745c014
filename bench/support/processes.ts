// Servers and load generators as child processes, for the benchmarks that compare a server
// with a reference in the same run: a free port, a spawned server polled until it answers,
// the load generator (http-load.mjs) in its own process, and what /proc says of a process.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const benchRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOAD_GENERATOR = path.join(benchRoot, 'bench/support/http-load.mjs');
const POLL_MS = 10;
const START_TIMEOUT_MS = 120_000;
/** Linux's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

export interface Started {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly url: string;
  readonly port: number;
  /** Spawn to the first 200 of the health route, ms. */
  readonly healthMs: number;
  readonly spawnedAt: number;
  /** The last 8 KiB the process wrote. */
  output(): string;
  stop: () => Promise<void>;
}

/** Spawns `node <args>` and polls `healthPath` on `port` until it answers 200. */
export async function startProcess(
  args: readonly string[],
  env: Record<string, string>,
  port: number,
  healthPath: string,
): Promise<Started> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: benchRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-8192));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const answer = await fetch(`${url}${healthPath}`).catch(() => null);
    if (answer?.status === 200) break;
    if (performance.now() - spawnedAt > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`no answer from ${healthPath} in time:\n${output}`);
    }
    await sleep(POLL_MS);
  }
  return {
    child,
    pid: child.pid ?? 0,
    url,
    port,
    healthMs: performance.now() - spawnedAt,
    spawnedAt,
    output: () => output,
    stop,
  };
}

/** What http-load.mjs answers for `mode: 'requests'`. */
export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly requests: number;
}

/** Runs the load generator with these options (see http-load.mjs) and answers its figures. */
export async function runLoad<T = LoadResult>(options: Record<string, unknown>): Promise<T> {
  const child = spawn(process.execPath, [LOAD_GENERATOR, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(output) as T;
}

/** A process's resident memory (VmRSS), MiB. */
export function rssMiB(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

/** CPU time (user + system) a process has used so far, seconds. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const userTicks = Number(fields[11]);
  const systemTicks = Number(fields[12]);
  return (userTicks + systemTicks) / CLOCK_TICKS;
}
