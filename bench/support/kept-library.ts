// A library kept by an earlier build (`bench/scale.ts --keep NAME`), opened again instead of
// built: a million songs take minutes to load, a kept one opens at once.
//
//   const library = await openKeptLibrary({ name: 'lib1m', dialect: 'postgres' });
//   ... createContainer(library.config, { database: library.handle }) ...
//   await library.cleanup(); // closes it; the library stays
//
// A finished build marks what it kept with its figures: PostgreSQL in a comment on the schema,
// SQLite in a file beside the database. A name without that mark (a schema or folder of
// something else, a build that failed halfway) is refused, as is a library whose migrations are
// not the server's current ones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import pg from 'pg';
import {
  openDatabase,
  type DatabaseHandle,
  type DialectName,
} from '../../apps/server/src/db/database';
import { migrations } from '../../apps/server/src/db/migrations/all';
import {
  DatabaseUnreachable,
  UnusableOptions,
  benchPostgresUrl,
  countRows,
  isSchemaName,
  libraryAccess,
  SCHEMA_RULE,
  type BuiltLibrary,
  type LibraryStats,
} from './library-access';
import type { LibraryCounts } from './library-plan';

export interface KeptLibraryOptions {
  /** PostgreSQL: the schema; SQLite: the folder (its DATA_DIR), as given to --keep. */
  readonly name: string;
  readonly dialect: DialectName;
  /** PostgreSQL; default `benchPostgresUrl()`. */
  readonly postgresUrl?: string;
}

/** What a finished build leaves beside the library it kept. */
interface KeptMark {
  readonly keptBy: typeof MARK;
  readonly stats: LibraryStats;
}

const MARK = 'cadenza bench/support/library-generator.ts';
const SQLITE_MARK_FILE = 'generated-library.json';
const SQLITE_FILE = 'cadenza.db';
const KEPT_SQLITE_BUSY_TIMEOUT_MS = 120_000;

function parseMark(text: string | null | undefined): KeptMark | undefined {
  if (!text) return undefined;
  try {
    const mark = JSON.parse(text) as Partial<KeptMark>;
    return mark.keptBy === MARK && mark.stats ? (mark as KeptMark) : undefined;
  } catch {
    return undefined;
  }
}

/** Marks a finished library as kept, with the figures of its build. */
export async function markKept(
  handle: DatabaseHandle,
  dataDir: string,
  stats: LibraryStats,
): Promise<void> {
  const mark = JSON.stringify({ keptBy: MARK, stats } satisfies KeptMark);
  if (handle.dialect === 'postgres') {
    // COMMENT takes no parameters: the text goes in as a literal.
    await sql`COMMENT ON SCHEMA ${sql.id(handle.postgresSchema!)} IS ${sql.lit(mark)}`.execute(
      handle.db,
    );
    return;
  }
  fs.writeFileSync(path.join(dataDir, SQLITE_MARK_FILE), `${mark}\n`);
}

async function readPostgresMark(url: string, schema: string): Promise<KeptMark> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new DatabaseUnreachable(`PostgreSQL at ${url} unreachable: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ comment: string | null }>(
      `SELECT obj_description(oid, 'pg_namespace') AS comment FROM pg_namespace WHERE nspname = $1`,
      [schema],
    );
    if (rows.length === 0) {
      throw new UnusableOptions(`kept library ${schema}: there is no schema ${schema} at ${url}`);
    }
    const mark = parseMark(rows[0]!.comment);
    if (!mark) {
      throw new UnusableOptions(
        `kept library ${schema}: schema ${schema} is not a library kept by bench/scale.ts --keep ` +
          `(or its build did not finish); build one with ` +
          `npx tsx bench/scale.ts --db postgres --songs N --keep NAME`,
      );
    }
    return mark;
  } finally {
    await client.end();
  }
}

function readSqliteMark(dataDir: string, name: string): KeptMark {
  const markFile = path.join(dataDir, SQLITE_MARK_FILE);
  const mark =
    fs.existsSync(markFile) && fs.existsSync(path.join(dataDir, SQLITE_FILE))
      ? parseMark(fs.readFileSync(markFile, 'utf8'))
      : undefined;
  if (!mark) {
    throw new UnusableOptions(
      `kept library ${name}: ${dataDir} is not a library kept by bench/scale.ts --keep ` +
        `(or its build did not finish); build one with ` +
        `npx tsx bench/scale.ts --db sqlite --songs N --keep FOLDER`,
    );
  }
  return mark;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Refuses a library that the server's current migrations would change. */
async function requireCurrentMigrations(handle: DatabaseHandle, name: string): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider,
    ...(handle.postgresSchema ? { migrationTableSchema: handle.postgresSchema } : {}),
  });
  const pending = (await migrator.getMigrations()).filter((migration) => !migration.executedAt);
  if (pending.length > 0) {
    throw new UnusableOptions(
      `kept library ${name}: built before the migrations ${pending.map((m) => m.name).join(', ')}; ` +
        `build it again`,
    );
  }
}

/** Counts as the database holds them now (a benchmark may have added a row or two). */
async function countsIn(handle: DatabaseHandle): Promise<LibraryCounts> {
  const rows = (table: string) => countRows(handle.db, table);
  return {
    songs: await rows('songs'),
    artists: await rows('artists'),
    albums: await rows('albums'),
    users: await rows('users'),
    likes: await rows('likes'),
    playlists: await rows('playlists'),
    plays: await rows('plays'),
  };
}

/** Opens a library kept earlier; cleanup() closes it and leaves it in place. */
export async function openKeptLibrary(options: KeptLibraryOptions): Promise<BuiltLibrary> {
  const { name, dialect } = options;
  const postgresUrl = options.postgresUrl ?? benchPostgresUrl();
  let mark: KeptMark;
  let dataDir: string;
  let handle: DatabaseHandle;
  if (dialect === 'postgres') {
    if (!isSchemaName(name)) throw new UnusableOptions(`kept library ${name}: ${SCHEMA_RULE}`);
    mark = await readPostgresMark(postgresUrl, name);
    // A PostgreSQL library's folder is scratch space (media, mail outbox), as when it was built.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-library-'));
    handle = openDatabase({ databaseUrl: postgresUrl, sqlitePath: '', postgresSchema: name });
  } else {
    dataDir = path.resolve(name);
    mark = readSqliteMark(dataDir, name);
    // Another bench may be writing to the same library (its listener, its API key): wait for
    // it rather than fail, and leave the library as found.
    handle = openDatabase({
      sqlitePath: path.join(dataDir, SQLITE_FILE),
      sqliteBusyTimeoutMs: KEPT_SQLITE_BUSY_TIMEOUT_MS,
    });
  }
  const close = async () => {
    await handle.close();
    if (dialect === 'postgres') fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (mark.stats.dialect !== dialect) {
      throw new UnusableOptions(`kept library ${name}: a ${mark.stats.dialect} library`);
    }
    await requireCurrentMigrations(handle, name);
    const stats: LibraryStats = { ...mark.stats, counts: await countsIn(handle) };
    return libraryAccess({
      handle,
      dataDir,
      postgresSchema: dialect === 'postgres' ? name : undefined,
      postgresUrl,
      stats,
      cleanup: close,
    });
  } catch (error) {
    await close();
    throw error;
  }
}
