import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  SqliteDialect,
  type Dialect,
  type KyselyConfig,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import type pg from 'pg';
import { loadWhenNeeded } from '../optional-package';
import { migrations, NEWEST_MIGRATION } from './migrations/all';
import { requirePostgresExtensions } from './postgres-extensions';
import { discardingTimedOutClients, poolConfig } from './postgres-pool';
import type { Database } from './schema';
import { withPreparedStatements } from './sqlite-statements';
import { SearchPathPostgresDialect } from './search-path-introspector';
import { SqliteReadWorkers, SqliteReadWorkersDialect } from './sqlite-read-workers';
import { watchTableWrites, type TableWrites, type WatchedTables } from './table-writes';

export type DialectName = 'sqlite' | 'postgres';

/** A connection pool's state: connections open, idle among them, and callers waiting for one. */
export interface PoolConnections {
  readonly open: number;
  readonly idle: number;
  readonly waiting: number;
}

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  /**
   * For the few reads that cannot be bounded and may take long at large sizes (decision 052):
   * on SQLite they run on read-only connections in worker threads, so that they never hold the
   * server's thread; on PostgreSQL, which never runs a query on it, this is `db`. Reads only,
   * never in a transaction.
   */
  readonly longReads: Kysely<Database>;
  /**
   * For work that may rightly run long, outside any request: migrations, the locks that
   * serialise nodes, library scans, maintenance. On PostgreSQL a small pool of its own whose
   * statements may take `LONG_WORK_STATEMENT_TIMEOUT_MS`; on SQLite, `db`.
   */
  readonly longWork: Kysely<Database>;
  readonly dialect: DialectName;
  /** The PostgreSQL schema named at opening (tests give each file its own); else the default. */
  readonly postgresSchema: string | undefined;
  close(): Promise<void>;
  /**
   * Connection failures outside any query (an idle connection dropped by a restarting server):
   * the pool discards the connection and opens a new one when next asked, so they are reported
   * here for the log and never thrown. A failure inside a query rejects that query.
   */
  onConnectionError(listener: (error: Error) => void): void;
  /**
   * SQLite: a number that changes whenever another process (`cadenza`, the sqlite3 shell)
   * commits to the file, never with this one's own writes. None on PostgreSQL.
   */
  readonly writesElsewhere?: () => number;
  /** PostgreSQL: the request pool's connections now, for metrics. None on SQLite. */
  readonly poolConnections?: () => PoolConnections;
  /**
   * PostgreSQL: a new connection outside the pool, with the same address and schema, for a
   * caller that holds it open (LISTEN) and ends it. None on SQLite.
   */
  readonly dedicatedConnection?: () => pg.Client;
}

export interface DatabaseOptions {
  /** A postgres:// URL; unset means SQLite at `sqlitePath`. */
  readonly databaseUrl?: string | undefined;
  readonly sqlitePath: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  readonly postgresSchema?: string;
  /** How long opening a PostgreSQL connection may take before the query fails (default 5 s). */
  readonly connectTimeoutMs?: number;
  /**
   * How long one statement may take, on PostgreSQL waiting for a connection included, before it
   * fails as an outage (default 15 s); SQLite waits for another process's lock no longer.
   */
  readonly statementTimeoutMs?: number;
  /** How long SQLite retries a locked database before the query fails (default 5 s). */
  readonly sqliteBusyTimeoutMs?: number;
  /** SQLite: how many threads run the long reads (default 2). */
  readonly sqliteReadWorkers?: number;
  /** Hears the SQL of every statement run (tests count them). */
  readonly onQuery?: (sql: string) => void;
  /** Hears every write to these tables, whichever code makes it. */
  readonly watch?: { readonly tables: WatchedTables; readonly writes: TableWrites };
}

function watched(dialect: Dialect, options: DatabaseOptions): Dialect {
  return options.watch
    ? watchTableWrites(dialect, options.watch.tables, options.watch.writes)
    : dialect;
}

/** Kysely's log, only when someone listens: it times every query otherwise kept silent. */
function queryLog(options: DatabaseOptions): { log?: KyselyConfig['log'] } {
  const { onQuery } = options;
  if (!onQuery) return {};
  return {
    log: (event) => {
      if (event.level === 'query') onQuery(event.query.sql);
    },
  };
}

/** Long enough for a loaded server, short enough that a request does not hang on a dead one. */
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
/** Migrations, scans and maintenance: a statement may rebuild an index of a large library. */
export const LONG_WORK_STATEMENT_TIMEOUT_MS = 30 * 60 * 1000;
/** Connections of the long-work pool: its locks each hold one while their work uses another. */
const LONG_WORK_CONNECTIONS = 4;
const DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 5000;
/** Two threads: a long read beside another, on the two cores a small server has. */
const DEFAULT_SQLITE_READ_WORKERS = 2;

/** The PostgreSQL client, loaded by a server with DATABASE_URL only. */
const postgresClient = loadWhenNeeded<typeof pg>('pg');
let int8Parsed = false;

function loadPostgresClient(): typeof pg {
  const client = postgresClient();
  if (!int8Parsed) {
    // int8 (COUNT(*), bigserial) fits comfortably in a JS number for our row counts.
    client.types.setTypeParser(client.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    int8Parsed = true;
  }
  return client;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const listeners = new Set<(error: Error) => void>();
  const onConnectionError = (listener: (error: Error) => void) => void listeners.add(listener);
  if (options.databaseUrl) {
    const client = loadPostgresClient();
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const connection: pg.ClientConfig = {
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: connectTimeoutMs,
      ...(options.postgresSchema ? { options: `-c search_path=${options.postgresSchema}` } : {}),
    };
    // Waiting for a connection is bounded by the statement limit too: a request never waits
    // longer for the database than one statement may take.
    const pool = new client.Pool(
      poolConfig(connection, {
        max: 10,
        statementTimeoutMs,
        connectTimeoutMs: Math.min(connectTimeoutMs, statementTimeoutMs),
      }),
    );
    // An 'error' event nobody hears ends the process. A connection that the server drops (a
    // restart, an administrator's kill) emits one on its client, checked out or idle, and the
    // pool repeats an idle client's on itself: all are heard, and each error reported once.
    const reported = new WeakSet<Error>();
    const report = (error: Error) => {
      if (reported.has(error)) return;
      reported.add(error);
      listeners.forEach((listener) => listener(error));
    };
    const hear = (heard: pg.Pool) => {
      heard.on('error', report);
      heard.on('connect', (client) => client.on('error', report));
      return heard;
    };
    hear(pool);
    const db = new Kysely<Database>({
      dialect: watched(
        new SearchPathPostgresDialect({ pool: discardingTimedOutClients(pool) }),
        options,
      ),
      ...queryLog(options),
    });
    // Opened when first used: a server that never migrates or scans keeps no connection for it.
    const longWork = new Kysely<Database>({
      dialect: watched(
        new SearchPathPostgresDialect({
          pool: async () =>
            discardingTimedOutClients(
              hear(
                new client.Pool(
                  poolConfig(connection, {
                    max: LONG_WORK_CONNECTIONS,
                    statementTimeoutMs: LONG_WORK_STATEMENT_TIMEOUT_MS,
                    connectTimeoutMs,
                  }),
                ),
              ),
            ),
        }),
        options,
      ),
      ...queryLog(options),
    });
    return {
      db,
      longReads: db,
      longWork,
      dialect: 'postgres',
      postgresSchema: options.postgresSchema,
      close: async () => {
        await longWork.destroy();
        await db.destroy();
      },
      onConnectionError,
      dedicatedConnection: () => new client.Client({ ...connection, keepAlive: true }),
      poolConnections: () => ({
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process holding the lock (a backup, the sqlite3 shell) is waited for this long,
  // then the query fails with SQLITE_BUSY, which the API answers with a 503. A statement that
  // runs is not interrupted: it runs on this thread, or in a read worker for the long reads.
  const busyTimeoutMs = Math.min(
    options.sqliteBusyTimeoutMs ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS,
    options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
  );
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const db = new Kysely<Database>({
    dialect: watched(new SqliteDialect({ database: withPreparedStatements(sqlite) }), options),
    ...queryLog(options),
  });
  const readWorkers = new SqliteReadWorkers({
    file: options.sqlitePath,
    workers: options.sqliteReadWorkers ?? DEFAULT_SQLITE_READ_WORKERS,
    busyTimeoutMs,
  });
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const longReads = new Kysely<Database>({
    dialect: new SqliteReadWorkersDialect(readWorkers),
    ...queryLog(options),
  });
  return {
    db,
    longReads,
    longWork: db,
    dialect: 'sqlite',
    postgresSchema: undefined,
    close: async () => {
      await longReads.destroy();
      await db.destroy();
    },
    onConnectionError,
    writesElsewhere: () => dataVersion.get() as number,
  };
}

/** This release's migrations, by name; tests pass longer lists (a failing one, a newer one). */
export type MigrationSet = Readonly<Record<string, Migration>>;

const providerOf = (set: MigrationSet): MigrationProvider => ({
  getMigrations: async () => ({ ...set }),
});

/** How Kysely's migrator names a migration the database ran and this release does not have. */
const NEWER_MIGRATION = /previously executed migration (\S+) is missing/;

/**
 * The one line a release says when it meets a database a newer release changed, naming the
 * backup that release took before it migrated, when there is one.
 */
export function newerDatabase(unknownMigration: string, backup?: string): string {
  const newest = NEWEST_MIGRATION || 'none';
  const restore = backup
    ? `restore the backup taken before it ran (cadenza restore --replace ${backup}).`
    : 'restore the backup of the database taken before it ran.';
  return (
    `The database was changed by a newer release of Cadenza (schema ${unknownMigration}; ` +
    `this release knows schemas up to ${newest}): start that release again, or ${restore}`
  );
}

/** A database a newer release migrated: this release stops before changing anything. */
export class NewerDatabaseError extends Error {
  constructor(readonly migration: string) {
    super(newerDatabase(migration));
  }
}

/** A migration that failed, by name; what it changed is undone where the database allows. */
export class MigrationFailedError extends Error {}

/**
 * The migrations of `set` this database has not run; none on a database a newer release
 * migrated. `ranBefore` is false on a new database, which no migration has touched.
 */
export async function pendingMigrations(
  db: Kysely<Database>,
  postgresSchema?: string,
  set: MigrationSet = migrations,
): Promise<{ readonly names: readonly string[]; readonly ranBefore: boolean }> {
  const migrator = new Migrator({
    db,
    provider: providerOf(set),
    ...(postgresSchema ? { migrationTableSchema: postgresSchema } : {}),
  });
  const all = await migrator.getMigrations();
  return {
    names: all.filter((migration) => !migration.executedAt).map((migration) => migration.name),
    ranBefore: all.some((migration) => migration.executedAt),
  };
}

/**
 * Brings the schema up to date; throws with the failing migration's error, or with one line when
 * a newer release changed the database.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  postgresSchema?: string,
  set: MigrationSet = migrations,
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await requirePostgresExtensions(db);
  // Without a schema, Kysely takes its bookkeeping tables in any schema (another test's) for ours.
  const migrator = new Migrator({
    db,
    provider: providerOf(set),
    ...(postgresSchema ? { migrationTableSchema: postgresSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  const unknown = error instanceof Error ? NEWER_MIGRATION.exec(error.message)?.[1] : undefined;
  if (unknown !== undefined) throw new NewerDatabaseError(unknown);
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    // The migrator's error is `unknown`; String() gives an Error's name and message.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    throw new MigrationFailedError(`Database migration failed${name}: ${String(error)}`, {
      cause: error,
    });
  }
}
