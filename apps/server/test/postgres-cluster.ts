import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PostgresBinaries {
  readonly initdb: string;
  readonly pgCtl: string;
}

/** `initdb` and `pg_ctl` from PATH, else from Debian's /usr/lib/postgresql/<version>/bin. */
export function findPostgresBinaries(): PostgresBinaries | null {
  const onPath = (name: string) =>
    (process.env.PATH ?? '')
      .split(path.delimiter)
      .map((dir) => path.join(dir, name))
      .find((file) => fs.existsSync(file));
  const debianDir = '/usr/lib/postgresql';
  const versions = fs.existsSync(debianDir)
    ? fs
        .readdirSync(debianDir)
        .filter((version) => fs.existsSync(path.join(debianDir, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const debian = (name: string) =>
    versions[0] ? path.join(debianDir, versions[0], 'bin', name) : undefined;
  const initdb = onPath('initdb') ?? debian('initdb');
  const pgCtl = onPath('pg_ctl') ?? debian('pg_ctl');
  return initdb && pgCtl ? { initdb, pgCtl } : null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A PostgreSQL server of the test's own, on its own port, that the test may stop and restart. */
export interface PostgresCluster {
  /** Connection URL of its `postgres` database (trust authentication). */
  readonly url: string;
  /** `pg_ctl restart -m fast`: sessions are ended, then the server is back; resolves when it is. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`: resolves once it no longer accepts connections. */
  stop(): Promise<void>;
  /** Resolves once it accepts connections again. */
  start(): Promise<void>;
  /**
   * SIGSTOP to the server and every process of it: connections stay open and nothing answers,
   * as with a frozen machine or a stalled disk.
   */
  pause(): void;
  /** SIGCONT to the same processes. */
  resume(): void;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

/** The postmaster (first line of postmaster.pid) and its children, from /proc. */
function serverProcesses(dataDir: string): number[] {
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Fields after the command name (in parentheses): state, then the parent's pid.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/**
 * initdb + pg_ctl in a fresh temporary folder. PostgreSQL refuses to run as root, so under root
 * both run as the `postgres` account, which then owns the folder.
 */
export async function startPostgresCluster(binaries: PostgresBinaries): Promise<PostgresCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const exec = (file: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) =>
    exec(binaries.pgCtl, ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', ...args]);

  await exec(binaries.initdb, [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  await pgCtl('-o', serverOptions, 'start');

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => void (await pgCtl('-m', 'fast', '-o', serverOptions, 'restart')),
    stop: async () => void (await pgCtl('-m', 'fast', 'stop')),
    start: async () => void (await pgCtl('-o', serverOptions, 'start')),
    pause() {
      for (const pid of serverProcesses(dataDir)) process.kill(pid, 'SIGSTOP');
    },
    resume() {
      for (const pid of serverProcesses(dataDir)) process.kill(pid, 'SIGCONT');
    },
    async destroy() {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
