// Builds a generated library (library-plan.ts) in a fresh database through the server's own
// migrations, for benchmarks that need a library of a given size:
//
//   const library = await buildLibrary({ songs: 100_000, dialect: 'sqlite' });
//   ... createContainer(library.config, { database: library.handle }) ...
//   await library.cleanup();
//
// SQLite goes in a temporary DATA_DIR, PostgreSQL in a temporary schema of BENCH_DATABASE_URL
// (else TEST_DATABASE_URL, else the machine's); both are removed by cleanup() unless `keep`
// names them. Rows go in table by table, in large statements inside transactions (bulk-insert.ts),
// with the secondary indexes taken off meanwhile and built again from the migrations' own
// definitions afterwards (secondary-indexes.ts); SQLite loads with bulk settings
// (sqlite-bulk-settings.ts) and gets the server's back before the library is handed over. The
// search tables (songs_fts, songs_trigram and song_search_keys on SQLite, song_search on
// PostgreSQL) are filled by the migrations' triggers as each song row is written, exactly as for
// an uploaded song; what the
// server's code writes beside a song (its album and artists, a play's counters) is written here
// as that code would (library-plan.ts), and artist_plays is counted from the plays by the very
// query the migration that made it used to count existing plays.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Insertable, type Kysely } from 'kysely';
import pg from 'pg';
import { loadConfig, type Config } from '../../apps/server/src/config';
import {
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
  type DialectName,
} from '../../apps/server/src/db/database';
import type { Database } from '../../apps/server/src/db/schema';
import { CountersRepository } from '../../apps/server/src/modules/stats/counters.repository';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { bulkInsert } from './bulk-insert';
import {
  LIBRARY_ADMIN_EMAIL,
  LIBRARY_PASSWORD,
  albumRows,
  artistRows,
  likeRows,
  planLibrary,
  playRows,
  playlistRows,
  songRows,
  userRows,
  type LibraryCounts,
} from './library-plan';
import {
  allIndexes,
  droppableIndexes,
  dropIndexes,
  recreateIndexes,
  requireSameIndexes,
} from './secondary-indexes';
import { loadSongsThenSearch } from './postgres-song-search';
import { useBulkLoadSettings } from './sqlite-bulk-settings';

export { libraryCounts, LIBRARY_ADMIN_EMAIL, LIBRARY_PASSWORD } from './library-plan';
export type { LibraryCounts } from './library-plan';

/** The seed of every benchmark's library unless one asks for another. */
export const DEFAULT_SEED = 20261121;

export interface BuildOptions {
  readonly songs: number;
  readonly dialect: DialectName;
  readonly seed?: number;
  /**
   * Build here and leave it after cleanup(): SQLite, a folder that is new or empty (the
   * DATA_DIR); PostgreSQL, a schema that does not exist yet.
   */
  readonly keep?: string;
  /** PostgreSQL; default `benchPostgresUrl()`. */
  readonly postgresUrl?: string;
  /** Progress lines while building; silent by default. */
  readonly log?: (line: string) => void;
  /**
   * `bulk` (the default) as above; `row-inserts` the earlier way, indexes in place throughout and
   * a thousand rows a statement, kept to check that both give the same library.
   */
  readonly loader?: 'bulk' | 'row-inserts';
}

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
const SEARCH_TABLES: Record<DialectName, readonly string[]> = {
  sqlite: ['songs_fts', 'song_search_keys'],
  postgres: ['song_search'],
};
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
export const SCHEMA_RULE =
  'a PostgreSQL schema name is lower-case letters, digits and _, not starting with a digit';
/** Bound parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = { sqlite: 30_000, postgres: 60_000 } as const;
const MAX_ROWS_PER_STATEMENT = 1000;
/** Rows per transaction: each one commits, so a large library never sits in one. */
const ROWS_PER_TRANSACTION = 50_000;
const BULK_INSERT = {
  sqlite: { rowsPerTransaction: 200_000, postgresRowsPerStatement: 0 },
  postgres: { rowsPerTransaction: 50_000, postgresRowsPerStatement: 5_000 },
} as const;

/** A folder for the library: the one to keep (new or empty), or a temporary one. */
function prepareDataDir(keep: string | undefined, dialect: DialectName): string {
  if (keep === undefined || dialect === 'postgres') {
    return fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-library-'));
  }
  const dir = path.resolve(keep);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new UnusableOptions(`--keep ${dir}: that folder is not empty; name a new or empty one`);
  }
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Creates the schema; a PostgreSQL out of reach is `DatabaseUnreachable`. */
async function createSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new DatabaseUnreachable(`PostgreSQL at ${url} unreachable: ${(error as Error).message}`);
  }
  try {
    const exists = await admin.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (exists.rowCount) {
      throw new UnusableOptions(`--keep ${schema}: that schema exists already; name a new one`);
    }
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
}

function* mapRows<T, R>(rows: Iterable<T>, map: (row: T) => Iterable<R>): Generator<R> {
  for (const row of rows) yield* map(row);
}

/**
 * The row-inserts loader: the rows in statements of as many rows as the bound parameters allow,
 * and those in transactions of ROWS_PER_TRANSACTION rows; answers how many.
 */
async function insertAll<T extends keyof Database & string>(
  db: Kysely<Database>,
  dialect: DialectName,
  table: T,
  rows: Iterable<Insertable<Database[T]>>,
): Promise<number> {
  const iterator = rows[Symbol.iterator]();
  let pending = iterator.next();
  if (pending.done) return 0;
  const columns = Object.keys(pending.value).length;
  const perStatement = Math.max(
    1,
    Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS[dialect] / columns)),
  );
  let inserted = 0;
  while (!pending.done) {
    await db.transaction().execute(async (trx) => {
      let inTransaction = 0;
      while (!pending.done && inTransaction < ROWS_PER_TRANSACTION) {
        const chunk: Insertable<Database[T]>[] = [];
        while (!pending.done && chunk.length < perStatement) {
          chunk.push(pending.value);
          pending = iterator.next();
        }
        await trx.insertInto(table).values(chunk).execute();
        inTransaction += chunk.length;
      }
      inserted += inTransaction;
    });
  }
  return inserted;
}

async function countRows(db: Kysely<Database>, table: string): Promise<number> {
  const { rows } = await sql<{
    count: number | string;
  }>`SELECT count(*) AS count FROM ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** Bytes on disk per table, its indexes included (FTS5's shadow tables under `songs_fts`). */
async function tableBytes(handle: DatabaseHandle): Promise<Map<string, number>> {
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

async function databaseBytes(handle: DatabaseHandle, sqlitePath: string): Promise<number> {
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

/**
 * PostgreSQL: fresh planner statistics, as autovacuum gathers them on a live server (only this
 * schema's tables, not the whole shared database). SQLite: none, as on a live server, which
 * never runs ANALYZE: statistics would give the benchmarks other query plans than a real
 * library gets.
 */
async function analyze(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect !== 'postgres') return;
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r'`.execute(handle.db);
  for (const { name } of rows) await sql`ANALYZE ${sql.table(name)}`.execute(handle.db);
}

const seconds = (since: number) => (performance.now() - since) / 1000;

export async function buildLibrary(options: BuildOptions): Promise<BuiltLibrary> {
  const { songs, dialect, keep } = options;
  if (!Number.isInteger(songs) || songs < 1) {
    throw new UnusableOptions('songs must be a whole number ≥ 1');
  }
  if (dialect === 'postgres' && keep !== undefined && !isSchemaName(keep)) {
    throw new UnusableOptions(`--keep ${keep}: ${SCHEMA_RULE}`);
  }
  const seed = options.seed ?? DEFAULT_SEED;
  const log = options.log ?? (() => {});
  const postgresUrl = options.postgresUrl ?? benchPostgresUrl();
  const postgresSchema =
    dialect === 'postgres' ? (keep ?? `bench_${randomBytes(6).toString('hex')}`) : undefined;
  const dataDir = prepareDataDir(keep, dialect);
  const sqlitePath = path.join(dataDir, 'cadenza.db');
  if (postgresSchema) {
    try {
      await createSchema(postgresUrl, postgresSchema);
    } catch (error) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }

  const handle = openDatabase(
    postgresSchema ? { databaseUrl: postgresUrl, sqlitePath: '', postgresSchema } : { sqlitePath },
  );
  /** Everything goes, unless kept; a library that failed to build goes even when kept. */
  const remove = async (evenKept: boolean) => {
    await handle.close();
    const kept = keep !== undefined && !evenKept;
    if (postgresSchema && !kept) await dropSchema(postgresUrl, postgresSchema);
    // A PostgreSQL library's folder is scratch space (media, mail outbox): only its schema stays.
    if (!kept || dialect === 'postgres') fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const planStart = performance.now();
    const plan = planLibrary(songs, seed);
    const passwordHash = await hashPassword(LIBRARY_PASSWORD);
    const planSeconds = seconds(planStart);
    log(`  ${dialect}: library drawn in ${planSeconds.toFixed(1)} s`);

    const totalStart = performance.now();
    // The schema keeps Kysely's bookkeeping tables out of other schemas (tests running meanwhile).
    await migrateToLatest(handle.db, postgresSchema);
    const migrateSeconds = seconds(totalStart);

    const bulk = (options.loader ?? 'bulk') === 'bulk';
    const indexesBefore = await allIndexes(handle.db, dialect);
    const offDuringLoad = bulk ? await droppableIndexes(handle.db, dialect) : [];
    await dropIndexes(handle.db, offDuringLoad);
    const serverSettings =
      bulk && dialect === 'sqlite' ? await useBulkLoadSettings(handle.db) : undefined;

    const loads: { table: string; rows: number; seconds: number }[] = [];
    const load = async <T extends keyof Database & string>(
      table: T,
      rows: Iterable<Insertable<Database[T]>>,
    ) => {
      const started = performance.now();
      const count = bulk
        ? await bulkInsert(handle.db, dialect, table, rows, BULK_INSERT[dialect])
        : await insertAll(handle.db, dialect, table, rows);
      loads.push({ table, rows: count, seconds: seconds(started) });
      log(`  ${dialect}: ${table}, ${count} rows in ${seconds(started).toFixed(1)} s`);
    };
    await load('users', userRows(plan, passwordHash));
    await load('artists', artistRows(plan));
    await load('albums', albumRows(plan));
    const loadSongs = () =>
      load(
        'songs',
        mapRows(songRows(plan), (row) => [row.song]),
      );
    if (bulk && dialect === 'postgres') {
      const started = performance.now();
      await loadSongsThenSearch(handle.db, loadSongs);
      // The search table's filling is songs' time, as the trigger's is on the other paths.
      const songsLoad = loads.find((entry) => entry.table === 'songs')!;
      songsLoad.seconds = seconds(started);
      log(`  ${dialect}: songs with song_search in ${songsLoad.seconds.toFixed(1)} s`);
    } else {
      await loadSongs();
    }
    await load(
      'song_artists',
      mapRows(songRows(plan), (row) => row.artists),
    );
    await load('likes', likeRows(plan));
    await load(
      'playlists',
      mapRows(playlistRows(plan), (row) => [row.playlist]),
    );
    await load(
      'playlist_songs',
      mapRows(playlistRows(plan), (row) => row.songs),
    );
    await load('plays', playRows(plan));

    const indexStart = performance.now();
    await recreateIndexes(handle.db, dialect, offDuringLoad, log);
    // Without statistics PostgreSQL plans the counters' correlated subqueries over tables it
    // takes for empty: scans per playlist. ANALYZE runs again at the end, as before.
    if (bulk) await analyze(handle);
    const indexSeconds = seconds(indexStart);
    if (bulk)
      log(`  ${dialect}: ${offDuringLoad.length} indexes built in ${indexSeconds.toFixed(1)} s`);

    // recordPlay counts each play for the song's main artists; the migration that added
    // artist_plays counted the plays there were with this query, and it gives the same rows.
    const countStart = performance.now();
    await sql`
      INSERT INTO artist_plays (user_id, artist_id, play_count, last_played_at)
      SELECT plays.user_id, song_artists.artist_id, count(*), max(plays.played_at)
      FROM plays
      JOIN song_artists ON song_artists.song_id = plays.song_id AND song_artists.role = 'main'
      GROUP BY plays.user_id, song_artists.artist_id`.execute(handle.db);
    loads.push({
      table: 'artist_plays',
      rows: await countRows(handle.db, 'artist_plays'),
      seconds: seconds(countStart),
    });

    // Songs, accounts and playlist entries went in around the repositories that keep the
    // counts, so the counts are made once from the rows, as a library loaded in bulk needs.
    const recountStart = performance.now();
    await new CountersRepository(handle.db).recountAll();
    loads.push({
      table: 'counters',
      rows: await countRows(handle.db, 'counters'),
      seconds: seconds(recountStart),
    });

    await serverSettings?.();
    requireSameIndexes(indexesBefore, await allIndexes(handle.db, dialect));

    const analyzeStart = performance.now();
    await analyze(handle);
    const analyzeSeconds = seconds(analyzeStart);
    const totalSeconds = seconds(totalStart);

    const sizes = await tableBytes(handle);
    const stats: LibraryStats = {
      dialect,
      seed,
      counts: plan.counts,
      planSeconds,
      migrateSeconds,
      tables: loads.map((entry) => ({ ...entry, bytes: sizes.get(entry.table) ?? null })),
      searchTables: await Promise.all(
        SEARCH_TABLES[dialect].map(async (table) => ({
          table,
          rows: await countRows(handle.db, table),
          bytes: sizes.get(table) ?? null,
        })),
      ),
      indexSeconds,
      analyzeSeconds,
      totalSeconds,
      databaseBytes: await databaseBytes(handle, sqlitePath),
    };
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
      handle,
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
      stats,
      cleanup: () => remove(false),
    };
  } catch (error) {
    await remove(true);
    throw error;
  }
}
