import { spawn } from 'node:child_process';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { childEnvironment } from '../config';
import { sql, type Kysely } from 'kysely';
import { SEARCH_EXTENSIONS } from './postgres-extensions';
import type { Database } from './schema';

/**
 * Whole copies of the database for `cadenza backup` and `cadenza restore`: SQLite's online
 * backup, which copies a consistent state page by page while the server goes on writing, and
 * PostgreSQL's own pg_dump and psql for one schema.
 */

/** A copy that could not be made or put back, with the reason an operator can act on. */
export class DatabaseCopyError extends Error {}

/**
 * Pages copied between two turns of the event loop: about 4 MB, a few milliseconds, so that a
 * server taking a scheduled backup goes on answering meanwhile.
 */
const SQLITE_BACKUP_PAGES_A_STEP = 1000;

/** Copies the SQLite database at `file` into `to` while other connections keep writing. */
export async function copySqlite(file: string, to: string): Promise<void> {
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(to, { progress: () => SQLITE_BACKUP_PAGES_A_STEP });
  } finally {
    source.close();
  }
}

/**
 * Whether another process has the SQLite database at `file` open (a server, the sqlite3 shell).
 * In WAL mode every connection keeps a shared lock for as long as it is open, so an exclusive one
 * is refused at once while any exists; taking it, then letting go, changes nothing.
 */
export function sqliteOpenElsewhere(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const probe = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    probe.close();
  }
}

/**
 * The schema the server's tables are in: the first of DATABASE_URL's search_path (else `public`),
 * whether it exists yet or not (a restore creates it).
 */
export async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ name: string | null }>`
    SELECT coalesce(
      current_schema(),
      trim(both ' "' from split_part(current_setting('search_path'), ',', 1))
    ) AS name`.execute(db);
  const name = rows[0]?.name;
  if (!name) throw new DatabaseCopyError('The database names no current schema.');
  return name;
}

/** How many tables `schema` holds: a restore goes only into a schema that holds none. */
export async function tablesInSchema(db: Kysely<Database>, schema: string): Promise<number> {
  const { rows } = await sql<{ count: string | number }>`
    SELECT count(*) AS count FROM information_schema.tables WHERE table_schema = ${schema}`.execute(
    db,
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * Readies an empty database for a dump of `schema`: the dump creates the schema itself (but for
 * `public`, which always exists), and its indexes use the search extensions, which live in
 * `public` and are not part of a schema's dump.
 */
export async function prepareForDump(db: Kysely<Database>, schema: string): Promise<void> {
  for (const name of SEARCH_EXTENSIONS) {
    await sql`CREATE EXTENSION IF NOT EXISTS ${sql.raw(name)} SCHEMA public`.execute(db);
  }
  if (schema !== 'public') await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)}`.execute(db);
}

const PG_DUMP_OPTIONS = ['--no-owner', '--no-privileges'];

/** The command to run by hand where pg_dump is missing here. */
export function pgDumpCommand(schema: string): string {
  return `pg_dump --schema=${schema} ${PG_DUMP_OPTIONS.join(' ')} "$DATABASE_URL" > cadenza.sql`;
}

/** URL parameters libpq's programs take from the environment as well. */
const URL_PARAMETERS: Readonly<Record<string, string>> = {
  host: 'PGHOST',
  options: 'PGOPTIONS',
  sslmode: 'PGSSLMODE',
  sslrootcert: 'PGSSLROOTCERT',
  application_name: 'PGAPPNAME',
  connect_timeout: 'PGCONNECT_TIMEOUT',
};

/**
 * A postgres:// URL as libpq's variables, so that the address, and any password in it, reach
 * pg_dump and psql through their environment rather than their command line, which every user
 * of the machine can read.
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  const set = (name: string, value: string) => {
    if (value !== '') env[name] = value;
  };
  set('PGHOST', url.hostname.replace(/^\[|\]$/g, ''));
  set('PGPORT', url.port);
  set('PGUSER', decodeURIComponent(url.username));
  set('PGPASSWORD', decodeURIComponent(url.password));
  set('PGDATABASE', decodeURIComponent(url.pathname.slice(1)));
  for (const [parameter, value] of url.searchParams) {
    const name = URL_PARAMETERS[parameter];
    if (name) set(name, value);
  }
  return env;
}

/** Runs a PostgreSQL client program; its stderr is the reason when it fails. */
function runClient(program: string, args: readonly string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: childEnvironment(libpqEnvironment(databaseUrl)),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new DatabaseCopyError(`${program} is not installed here.`)
          : new DatabaseCopyError(`${program} could not start: ${error.message}`),
      ),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new DatabaseCopyError(`${program} failed: ${stderr.trim() || `exit ${code}`}`));
    });
  });
}

/** Dumps `schema` as SQL into `to` with pg_dump, which reads one consistent snapshot. */
export function dumpPostgres(databaseUrl: string, schema: string, to: string): Promise<void> {
  return runClient(
    'pg_dump',
    [`--schema=${schema}`, ...PG_DUMP_OPTIONS, '--file', to],
    databaseUrl,
  );
}

/** Replays a dump into the database with psql, all of it or nothing (one transaction). */
export function loadPostgresDump(databaseUrl: string, dump: string): Promise<void> {
  return runClient(
    'psql',
    ['--quiet', '--no-psqlrc', '--single-transaction', '--set', 'ON_ERROR_STOP=1', '--file', dump],
    databaseUrl,
  );
}

/** The newest migration the database has run: the schema a copy of it holds. */
export async function newestMigrationRun(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{
    name: string;
  }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
  const name = rows[0]?.name;
  if (!name) throw new DatabaseCopyError('The database has no schema yet: start the server once.');
  return name;
}

/** What a copy of the database holds, counted, for the command's summary. */
export async function countedRows(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = ['users', 'songs', 'playlists', 'plays', 'api_keys'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{
      count: string | number;
    }>`SELECT count(*) AS count FROM ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]?.count ?? 0);
  }
  return counts;
}
