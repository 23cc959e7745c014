// Backup and restore (docs/benchmarks.md "## Backup and restore"): `cadenza backup`'s archive of
// a generated library's database, and its restore, against the plainest copy of the same
// database measured in the same run: on SQLite a file copy of the checkpointed database (not a
// consistent backup of a live one, hence the floor), on PostgreSQL a bare `pg_dump` to a file,
// and its replay by `psql`.
//
// The backup is taken with the library open, as a running server has it; it holds the database,
// the signing secret and the configuration (no media list: the generated library has no media
// files). The restore is `cadenza restore`'s: the archive unpacked and checked against its
// manifest, then the database put in place (a new data folder; on PostgreSQL a new database),
// migrated and counted.
//
// Usage: npx tsx bench/backup.ts [--db sqlite|postgres|both] [--songs 1000000] [--plays N]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { readBackup } from '../apps/server/src/backup/read-backup';
import { restoreDatabase } from '../apps/server/src/backup/restore-backup';
import { writeBackup } from '../apps/server/src/backup/write-backup';
import { migrateToLatest, openDatabase, type DialectName } from '../apps/server/src/db/database';
import {
  countedRows,
  dumpPostgres,
  loadPostgresDump,
  prepareForDump,
} from '../apps/server/src/db/database-copies';
import { LocalDiskObjectStore } from '../apps/server/src/storage/local-disk-object-store';
import { buildLibrary, DEFAULT_SEED } from './support/library-generator';
import { loadAverageLine, machineLine, today } from './support/machine';

const DIALECT_NAMES: Record<DialectName, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

function usage(problem: string): never {
  console.error(`${problem}
Usage: npx tsx bench/backup.ts [--db sqlite|postgres|both] [--songs 1000000] [--plays N]`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    songs: { type: 'string', default: '1000000' },
    plays: { type: 'string' },
  },
});
if (!['sqlite', 'postgres', 'both'].includes(values.db)) usage('--db: sqlite, postgres or both');
const songs = Number(values.songs);
if (!Number.isInteger(songs) || songs < 1) usage('--songs must be a whole number ≥ 1');
const plays = values.plays === undefined ? undefined : Number(values.plays);
const dialects = (values.db === 'both' ? ['sqlite', 'postgres'] : [values.db]) as DialectName[];

async function timed<T>(work: () => Promise<T> | T): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const ratio = (of: number, to: number) => (of / to).toFixed(2);

/** A new database on the library's server, for a restore (PostgreSQL restores into an empty one). */
async function scratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cadenza_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** `url` with `schema` as its search path, as a server on the library connects. */
function withSearchPath(url: string, schema: string | undefined): string {
  const withPath = new URL(url);
  if (schema) withPath.searchParams.set('options', `-c search_path=${schema}`);
  return withPath.toString();
}

async function measure(dialect: DialectName): Promise<void> {
  console.log(`\n${DIALECT_NAMES[dialect]}: building ${songs.toLocaleString('en')} songs…`);
  const built = await timed(() =>
    buildLibrary({
      songs,
      dialect,
      seed: DEFAULT_SEED,
      listeningTotals: false,
      ...(plays === undefined ? {} : { plays }),
    }),
  );
  const library = built.value;
  console.log(`built in ${built.seconds.toFixed(0)} s`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-backup-'));
  try {
    const counts = await countedRows(library.handle.db);
    const sqliteFile = path.join(library.dataDir, 'cadenza.db');
    const schema = library.postgresSchema;
    const databaseUrl =
      dialect === 'postgres' ? withSearchPath(library.env.DATABASE_URL ?? '', schema) : undefined;

    // The reference: the plainest copy of the same database, and its return.
    const plainFile = path.join(work, dialect === 'sqlite' ? 'plain.db' : 'plain.sql');
    const plainCopy = await timed(async () => {
      if (dialect === 'sqlite') {
        await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(library.handle.db);
        fs.copyFileSync(sqliteFile, plainFile);
      } else {
        await dumpPostgres(databaseUrl ?? '', schema ?? 'public', plainFile);
      }
    });

    const backup = await timed(() =>
      writeBackup(
        {
          database: library.handle,
          databaseUrl,
          sqliteFile,
          jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
          configuration: [],
          media: new LocalDiskObjectStore(path.join(work, 'no-media')),
          mediaStore: 'local',
        },
        { to: path.join(work, 'archives'), listMedia: false, withMedia: false },
      ),
    );

    const restoredDir = path.join(work, 'restored');
    const scratch =
      dialect === 'postgres' ? await scratchDatabase(library.env.DATABASE_URL ?? '') : null;
    const targetUrl = scratch ? withSearchPath(scratch.url, schema) : undefined;
    try {
      const restore = await timed(async () => {
        const staging = fs.mkdtempSync(path.join(work, 'staging-'));
        const checked = await readBackup(backup.value.file, staging);
        await restoreDatabase(
          checked,
          { dataDir: restoredDir, databaseUrl: targetUrl, configuredJwtSecret: undefined },
          { replace: false },
        );
        const handle = openDatabase({
          databaseUrl: targetUrl,
          sqlitePath: path.join(restoredDir, 'cadenza.db'),
        });
        try {
          await migrateToLatest(handle.longWork);
          return await countedRows(handle.db);
        } finally {
          await handle.close();
        }
      });
      const plainRestore = await timed(async () => {
        if (dialect === 'sqlite') {
          fs.copyFileSync(plainFile, path.join(work, 'plain-restored.db'));
        } else {
          const again = await scratchDatabase(library.env.DATABASE_URL ?? '');
          try {
            const url = withSearchPath(again.url, schema);
            const handle = openDatabase({ databaseUrl: url, sqlitePath: '' });
            await prepareForDump(handle.db, schema ?? 'public');
            await handle.close();
            await loadPostgresDump(url, plainFile);
          } finally {
            await again.drop();
          }
        }
      });
      if (JSON.stringify(restore.value) !== JSON.stringify(counts)) {
        throw new Error(`restored ${JSON.stringify(restore.value)}, not ${JSON.stringify(counts)}`);
      }
      const databaseBytes =
        dialect === 'sqlite' ? fs.statSync(sqliteFile).size : fs.statSync(plainFile).size;
      console.log(
        [
          `| database   | rows (songs, plays)        | database | archive | backup  | plain copy | ratio | restore | plain restore | ratio |`,
          `| ${DIALECT_NAMES[dialect].padEnd(10)} | ${counts.songs?.toLocaleString('en')} songs, ${counts.plays?.toLocaleString('en')} plays | ${mb(databaseBytes)} | ${mb(backup.value.bytes)} | ${backup.seconds.toFixed(1)} s | ${plainCopy.seconds.toFixed(1)} s | ${ratio(backup.seconds, plainCopy.seconds)} | ${restore.seconds.toFixed(1)} s | ${plainRestore.seconds.toFixed(1)} s | ${ratio(restore.seconds, plainRestore.seconds)} |`,
        ].join('\n'),
      );
      console.log(`restored rows match: ${JSON.stringify(restore.value)}`);
    } finally {
      await scratch?.drop();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await library.cleanup();
  }
}

console.log(`${machineLine()}; ${today()}; ${loadAverageLine()}`);
for (const dialect of dialects) await measure(dialect);
