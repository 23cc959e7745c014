// Builds a generated library (library-plan.ts) in a fresh database through the server's own
// migrations, for benchmarks that need a library of a given size:
//
//   const library = await buildLibrary({ songs: 100_000, dialect: 'sqlite' });
//   ... createContainer(library.config, { database: library.handle }) ...
//   await library.cleanup();
//
// SQLite goes in a temporary DATA_DIR, PostgreSQL in a temporary schema of BENCH_DATABASE_URL
// (else TEST_DATABASE_URL, else the machine's); both are removed by cleanup() unless `keep`
// names them, and a kept one opens again with openKeptLibrary (kept-library.ts).
//
// Loading is done in bulk and ends in the state the row-by-row loading ended in
// (bench/library-loaders-check.ts compares them): rows go in table by table in large statements
// (bulk-insert.ts); the secondary indexes come off meanwhile and are built again from the
// definitions the migrations gave them, then checked against those (secondary-indexes.ts);
// SQLite loads with bulk settings and gets the server's back before anyone reads it
// (sqlite-bulk-settings.ts). The search tables (songs_fts, songs_trigram and song_search_keys on
// SQLite) are filled by the migrations' triggers as each song row is written, exactly as for an
// uploaded song; PostgreSQL's song_search by the trigger's own INSERT over all songs at once
// (postgres-song-search.ts). What the server's code writes beside a song (its album and
// artists, a play's counters) is written here as that code would (library-plan.ts), and
// artist_plays, last_plays and listening_totals are made from the plays by the very queries the
// migrations that made them used for existing plays; song_genres from the songs' genre texts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Insertable, type Kysely } from 'kysely';
import pg from 'pg';
import {
  LONG_WORK_STATEMENT_TIMEOUT_MS,
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
  type DialectName,
} from '../../apps/server/src/db/database';
import type { Database } from '../../apps/server/src/db/schema';
import { CountersRepository } from '../../apps/server/src/modules/stats/counters.repository';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { bulkInsert } from './bulk-insert';
import { fillListeningTotals } from './listening-totals-fill';
import { markKept } from './kept-library';
import {
  DatabaseUnreachable,
  SEARCH_TABLES,
  UnusableOptions,
  benchPostgresUrl,
  countRows,
  databaseBytes,
  isSchemaName,
  libraryAccess,
  SCHEMA_RULE,
  tableBytes,
  type BuiltLibrary,
  type LibraryStats,
} from './library-access';
import {
  LIBRARY_PASSWORD,
  albumRows,
  artistRows,
  genreRows,
  likeRows,
  planLibrary,
  playRows,
  playlistRows,
  songPlayTotalRows,
  songRows,
  userRows,
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
export { openKeptLibrary, type KeptLibraryOptions } from './kept-library';
export {
  DatabaseUnreachable,
  UnusableOptions,
  SCHEMA_RULE,
  benchPostgresUrl,
  isSchemaName,
  type BuiltLibrary,
  type LibraryStats,
  type TableLoad,
} from './library-access';
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
  /** Plays in all, spread over the listeners as always; default in proportion to the songs. */
  readonly plays?: number;
  /**
   * False leaves the listeners' statistics (listening_totals) empty: they are about ten rows a
   * play, which at millions of plays take longer to fill than the rest of the library.
   */
  readonly listeningTotals?: boolean;
  /** Progress lines while building; silent by default. */
  readonly log?: (line: string) => void;
  /**
   * `bulk` (the default) as above; `row-inserts` the earlier way, indexes in place throughout and
   * a thousand rows a statement, kept to check that both give the same library.
   */
  readonly loader?: 'bulk' | 'row-inserts';
}

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
async function insertAll<T extends keyof Database>(
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

/**
 * PostgreSQL: what autovacuum does on a live server soon after a load (only this schema's
 * tables, not the whole shared database): fresh planner statistics, and the visibility map that
 * lets a count read an index alone rather than visit each row (a test server may run with
 * autovacuum off). SQLite: nothing, as on a live server, which never runs ANALYZE: statistics
 * would give the benchmarks other query plans than a real library gets.
 */
async function analyze(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect !== 'postgres') return;
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r'`.execute(handle.db);
  for (const { name } of rows) await sql`VACUUM (ANALYZE) ${sql.table(name)}`.execute(handle.db);
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

  // A load's statements run over whole tables, as a migration's do: they get its time limit.
  const handle = openDatabase({
    ...(postgresSchema
      ? { databaseUrl: postgresUrl, sqlitePath: '', postgresSchema }
      : { sqlitePath }),
    statementTimeoutMs: LONG_WORK_STATEMENT_TIMEOUT_MS,
  });
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
    const plan = planLibrary(songs, seed, options.plays);
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
    const load = async <T extends keyof Database>(
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
    await load('genres', genreRows(plan));
    // Each song's tag genre is its genre text (one genre, no separator in it), linked as the
    // server links an uploaded song's, at position 0.
    const songGenresStart = performance.now();
    await sql`
      INSERT INTO song_genres (song_id, genre_id, position)
      SELECT songs.id, genres.id, 0 FROM songs JOIN genres ON genres.name = songs.genre_text`.execute(
      handle.db,
    );
    loads.push({
      table: 'song_genres',
      rows: await countRows(handle.db, 'song_genres'),
      seconds: seconds(songGenresStart),
    });
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
    await load('song_play_totals', songPlayTotalRows(plan));

    // Without statistics PostgreSQL plans the counters' correlated subqueries over tables it
    // takes for empty: scans per playlist. ANALYZE runs again at the end, as before.
    const firstAnalyzeStart = performance.now();
    if (bulk) await analyze(handle);
    const firstAnalyzeSeconds = seconds(firstAnalyzeStart);

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

    // recordPlay keeps each listener's last play of each song and how often they played it; the
    // migrations that added last_plays and its count filled them from the plays there were as
    // this query does, and it gives the same rows (plays go in in time order: the newest is the
    // highest id).
    const lastPlaysStart = performance.now();
    await sql`
      INSERT INTO last_plays (user_id, song_id, played_at, play_id, play_count)
      SELECT user_id, song_id, max(played_at), max(id), count(*) FROM plays
      GROUP BY user_id, song_id`.execute(handle.db);
    loads.push({
      table: 'last_plays',
      rows: await countRows(handle.db, 'last_plays'),
      seconds: seconds(lastPlaysStart),
    });

    // recordPlay counts each play into the listener's statistics; the migration that added them
    // counted the plays there were with these statements (listening-totals-fill.ts).
    if (options.listeningTotals ?? true) {
      const totalsStart = performance.now();
      await fillListeningTotals(handle.db, dialect);
      loads.push({
        table: 'listening_totals',
        rows: await countRows(handle.db, 'listening_totals'),
        seconds: seconds(totalsStart),
      });
      log(`  ${dialect}: listening_totals in ${seconds(totalsStart).toFixed(1)} s`);
    }

    // Songs, accounts and playlist entries went in around the repositories that keep the
    // counts, so the counts are made once from the rows, as a library loaded in bulk needs.
    const recountStart = performance.now();
    await new CountersRepository(handle.db).recountAll();
    loads.push({
      table: 'counters',
      rows: await countRows(handle.db, 'counters'),
      seconds: seconds(recountStart),
    });

    // artist_plays and the counters are written with the secondary indexes still off too: their
    // queries read tables through the primary keys, which stay.
    const indexStart = performance.now();
    await recreateIndexes(handle.db, dialect, offDuringLoad, log);
    const indexSeconds = seconds(indexStart) + firstAnalyzeSeconds;
    if (bulk)
      log(
        `  ${dialect}: ${offDuringLoad.length} indexes built in ${seconds(indexStart).toFixed(1)} s`,
      );

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
    if (keep !== undefined) await markKept(handle, dataDir, stats);
    return libraryAccess({
      handle,
      dataDir,
      postgresSchema,
      postgresUrl,
      stats,
      cleanup: () => remove(false),
    });
  } catch (error) {
    await remove(true);
    throw error;
  }
}
