// What a generated library is to the benchmarks, built now (library-generator.ts) or kept from
// an earlier build (kept-library.ts): its figures, its sizes on disk, and the configuration,
// environment and accounts a server on it needs.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { loadConfig, type Config } from '../../apps/server/src/config';
import type { DatabaseHandle, DialectName } from '../../apps/server/src/db/database';
import type { Database } from '../../apps/server/src/db/schema';
import { LIBRARY_ADMIN_EMAIL, LIBRARY_PASSWORD, type LibraryCounts } from './library-plan';

export interface TableLoad {
  readonly table: string;
  readonly rows: number;
  readonly seconds: number;
  /** On disk, with its indexes; null where the database cannot tell. */
  readonly bytes: number | null;
}

export interface LibraryStats {
  readonly dialect: DialectName;
  readonly seed: number;
  readonly counts: LibraryCounts;
  /** Drawing the library in memory, before the first insert. */
  readonly planSeconds: number;
  readonly migrateSeconds: number;
  /** Every table in the order loaded; songs' time includes the search triggers. */
  readonly tables: readonly TableLoad[];
  /** The tables the search triggers filled while songs were loaded (their time is theirs). */
  readonly searchTables: readonly Omit<TableLoad, 'seconds'>[];
  /**
   * Building the secondary indexes again after the load, and on PostgreSQL a first ANALYZE for
   * the counters' queries (bulk loader; 0 otherwise).
   */
  readonly indexSeconds: number;
  readonly analyzeSeconds: number;
  /** From the first migration to the end of ANALYZE. */
  readonly totalSeconds: number;
  /** The whole database on disk. */
  readonly databaseBytes: number;
}

export interface BuiltLibrary {
  /** The open database: pass it to createContainer as `database`. */
  readonly handle: DatabaseHandle;
  /** A configuration for a server on this library (DATA_DIR, DATABASE_URL, quiet logs). */
  readonly config: Config;
  readonly dataDir: string;
  readonly postgresSchema: string | undefined;
  /** What a server started as another process needs to open this library. */
  readonly env: Readonly<Record<string, string>>;
  /** Every account's password; the admin's e-mail (other accounts: `users` by created_at). */
  readonly credentials: { readonly adminEmail: string; readonly password: string };
  readonly stats: LibraryStats;
  /** Closes the database and removes it, unless it was built with `keep`. */
  cleanup(): Promise<void>;
}

/** PostgreSQL could not be reached: callers skip it with this message. */
export class DatabaseUnreachable extends Error {}

/** Options that cannot be built as asked (a size, a folder or schema to keep): the message says why. */
export class UnusableOptions extends Error {}

/** Whether `name` can be the PostgreSQL schema of a kept library. */
export function isSchemaName(name: string): boolean {
  return SCHEMA_NAME.test(name);
}

export function benchPostgresUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/test'
  );
}

/** What the search triggers of the migrations fill as songs are written. */
export const SEARCH_TABLES: Record<DialectName, readonly string[]> = {
  sqlite: ['songs_fts', 'song_search_keys'],
  postgres: ['song_search'],
};
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
export const SCHEMA_RULE =
  'a PostgreSQL schema name is lower-case letters, digits and _, not starting with a digit';

export async function countRows(db: Kysely<Database>, table: string): Promise<number> {
  const { rows } = await sql<{
    count: number | string;
  }>`SELECT count(*) AS count FROM ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** Bytes on disk per table, its indexes included (FTS5's shadow tables under `songs_fts`). */
export async function tableBytes(handle: DatabaseHandle): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (handle.dialect === 'postgres') {
    const { rows } = await sql<{ name: string; bytes: number | string }>`
      SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r'`.execute(handle.db);
    for (const row of rows) sizes.set(row.name, Number(row.bytes));
    return sizes;
  }
  try {
    const { rows } = await sql<{ name: string; bytes: number }>`
      SELECT coalesce(m.tbl_name, d.name) AS name, sum(d.pgsize) AS bytes
      FROM dbstat d LEFT JOIN sqlite_schema m ON m.name = d.name
      GROUP BY 1`.execute(handle.db);
    for (const row of rows) {
      const name = row.name.startsWith('songs_fts_') ? 'songs_fts' : row.name;
      sizes.set(name, (sizes.get(name) ?? 0) + Number(row.bytes));
    }
  } catch {
    // SQLite built without the dbstat table: only the file's size is known.
  }
  return sizes;
}

export async function databaseBytes(handle: DatabaseHandle, sqlitePath: string): Promise<number> {
  if (handle.dialect === 'postgres') {
    const { rows } = await sql<{ bytes: number | string }>`
      SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS bytes
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'm')`.execute(handle.db);
    return Number(rows[0]?.bytes ?? 0);
  }
  // Pages still in the write-ahead log go into the file first.
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(handle.db);
  return [sqlitePath, `${sqlitePath}-wal`].reduce(
    (total, file) => total + (fs.existsSync(file) ? fs.statSync(file).size : 0),
    0,
  );
}

export interface LibraryPlace {
  readonly handle: DatabaseHandle;
  readonly dataDir: string;
  readonly postgresSchema: string | undefined;
  /** PostgreSQL's, without the schema; unused on SQLite. */
  readonly postgresUrl: string;
  readonly stats: LibraryStats;
  readonly cleanup: () => Promise<void>;
}

/** The library as benchmarks use it: configuration and environment for a server on it. */
export function libraryAccess(place: LibraryPlace): BuiltLibrary {
  const { postgresSchema, postgresUrl, dataDir } = place;
  const searchPathUrl = postgresSchema
    ? `${postgresUrl}${postgresUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${postgresSchema}`)}`
    : undefined;
  // Every node of a PostgreSQL deployment signs with the same key (config.ts).
  const jwtSecret = randomBytes(32).toString('hex');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    ...(searchPathUrl ? { DATABASE_URL: searchPathUrl } : {}),
  };
  return {
    handle: place.handle,
    config: loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      ...(postgresSchema ? { DATABASE_URL: postgresUrl } : {}),
      LOG_LEVEL: 'silent',
      DEMO_LIBRARY: 'false',
    }),
    dataDir,
    postgresSchema,
    env,
    credentials: { adminEmail: LIBRARY_ADMIN_EMAIL, password: LIBRARY_PASSWORD },
    stats: place.stats,
    cleanup: place.cleanup,
  };
}
