import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_JWT_SECRET, type TestApp } from './test-app';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  /** Written to the command's standard input, then closed. */
  readonly stdin?: string;
  /** Who runs it: this process's user, or another (a server run as an unprivileged user). */
  readonly as?: { readonly uid: number; readonly gid: number };
}

/**
 * `cadenza ARGS…` as a terminal runs it, from the sources (src/cli/cadenza.ts under tsx), in a
 * process of its own with only `env` (and PATH) for its environment.
 */
export function runCadenza(
  args: readonly string[],
  env: Record<string, string>,
  options: CliOptions = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/cadenza.ts', ...args], {
    cwd: SERVER_DIR,
    ...options.as,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(options.stdin ?? '');
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/**
 * The environment that points a command at `t`'s database: nothing more on SQLite (the data
 * folder holds it), the URL with the test's own schema on PostgreSQL.
 */
export function databaseEnv(t: TestApp): Record<string, string> {
  if (!t.config.databaseUrl || !t.postgresSchema) return {};
  const url = new URL(t.config.databaseUrl);
  url.searchParams.set('options', `-c search_path=${t.postgresSchema}`);
  return { DATABASE_URL: url.toString(), JWT_SECRET: TEST_JWT_SECRET };
}
