// A generated library of a given size (bench/support/library-generator.ts), built through the
// server's migrations on SQLite and/or PostgreSQL: how long each table takes to load, rows per
// second, and the size on disk. Proportions are those of a million songs: 20,000 artists, 80,000
// albums, 10,000 listeners, 200,000 likes, 100,000 playlists of about 20 songs, 2,000,000 plays.
//
// Usage: npx tsx bench/scale.ts [--songs 100000] [--db sqlite|postgres|both] [--keep NAME]
//        [--seed 20261121]
// --keep NAME leaves the library after the run: SQLite in the folder NAME (its DATA_DIR),
// PostgreSQL in the schema NAME. Benchmarks open a kept library again instead of building one
// with openKeptLibrary({ name, dialect }) (bench/support/kept-library.ts), e.g.
// `npx tsx bench/search.ts --library-postgres NAME`. PostgreSQL comes from BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; it is skipped when
// unreachable.
import { parseArgs } from 'node:util';
import type { DialectName } from '../apps/server/src/db/database';
import { CatalogueRepository } from '../apps/server/src/modules/catalogue/catalogue.repository';
import { SearchRepository } from '../apps/server/src/modules/search/search.repository';
import { SearchService } from '../apps/server/src/modules/search/search.service';
import {
  DEFAULT_SEED,
  DatabaseUnreachable,
  SCHEMA_RULE,
  UnusableOptions,
  buildLibrary,
  isSchemaName,
  libraryCounts,
  type BuiltLibrary,
  type LibraryStats,
} from './support/library-generator';
import { loadAverageLine, machineLine, today } from './support/machine';

const USAGE =
  'Usage: npx tsx bench/scale.ts [--songs 100000] [--db sqlite|postgres|both] [--keep NAME] [--seed N]';
const MAX_SONGS = 10_000_000;

function parseCommandLine() {
  const { values } = parseArgs({
    options: {
      songs: { type: 'string', default: '100000' },
      db: { type: 'string', default: 'both' },
      keep: { type: 'string' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
    },
  });
  const songs = Number(values.songs.replace(/_/g, ''));
  if (!Number.isInteger(songs) || songs < 1 || songs > MAX_SONGS) {
    throw new Error(`--songs must be a whole number from 1 to ${MAX_SONGS}`);
  }
  const dialects: Record<string, DialectName[]> = {
    sqlite: ['sqlite'],
    postgres: ['postgres'],
    both: ['sqlite', 'postgres'],
  };
  const chosen = dialects[values.db];
  if (!chosen) throw new Error('--db must be sqlite, postgres or both');
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new Error('--seed must be a whole number');
  if (values.keep !== undefined && chosen.includes('postgres') && !isSchemaName(values.keep)) {
    throw new Error(`--keep ${values.keep}: with PostgreSQL it names a schema; ${SCHEMA_RULE}`);
  }
  return { songs, dialects: chosen, keep: values.keep, seed };
}

const mib = (bytes: number | null) =>
  bytes === null ? '–' : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const perSecond = (rows: number, seconds: number) =>
  seconds > 0 ? Math.round(rows / seconds).toLocaleString('en-US') : '–';
const count = (value: number) => value.toLocaleString('en-US');

function summary(stats: LibraryStats): string[] {
  const name = stats.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const loaded = stats.tables.reduce((sum, table) => sum + table.rows, 0);
  const loadSeconds =
    stats.tables.reduce((sum, table) => sum + table.seconds, 0) + stats.indexSeconds;
  const lines = [
    `\n${name}: ${count(stats.counts.songs)} songs, seed ${stats.seed}`,
    '| table | rows | load | rows/s | on disk |',
    '|---|---:|---:|---:|---:|',
    ...stats.tables.map(
      (table) =>
        `| ${table.table} | ${count(table.rows)} | ${table.seconds.toFixed(1)} s | ${perSecond(table.rows, table.seconds)} | ${mib(table.bytes)} |`,
    ),
    ...stats.searchTables.map(
      (table) =>
        `| ${table.table} (filled with songs, in songs' time) | ${count(table.rows)} | – | – | ${mib(table.bytes)} |`,
    ),
    ...(stats.indexSeconds > 0
      ? [
          `| secondary indexes, built after the load${stats.dialect === 'postgres' ? ' (and a first ANALYZE)' : ''} | – | ${stats.indexSeconds.toFixed(1)} s | – | – |`,
        ]
      : []),
    `| **total** (whole database on disk) | ${count(loaded)} | ${loadSeconds.toFixed(1)} s | ${perSecond(loaded, loadSeconds)} | ${mib(stats.databaseBytes)} |`,
    '',
    `Drawn in memory in ${stats.planSeconds.toFixed(1)} s; migrations ${stats.migrateSeconds.toFixed(1)} s, ` +
      `ANALYZE ${stats.dialect === 'postgres' ? `${stats.analyzeSeconds.toFixed(1)} s` : 'not run (a live SQLite server never runs it)'}; ` +
      `total from the first migration ${stats.totalSeconds.toFixed(1)} s; database on disk ${mib(stats.databaseBytes)}.`,
  ];
  return lines;
}

/** The library answers as an uploaded one would: search, album and artist lists, an album. */
async function checks(library: BuiltLibrary): Promise<string> {
  const { db } = library.handle;
  const search = new SearchService(new SearchRepository(db));
  const catalogue = new CatalogueRepository(db);
  const love = await search.songs('love');
  const tokyo = await search.songs('東京');
  const albums = await catalogue.albumPage('newest', { limit: 20 });
  const artists = await catalogue.artistPage({ limit: 20 });
  const newest = albums.items[0];
  const tracks = newest ? await catalogue.tracksOf(newest.id) : [];
  return (
    `Checks through the server's repositories: search "love" ${love.length} songs, ` +
    `"東京" ${tokyo.length}; albums page ${albums.items.length}, artists page ${artists.items.length}; ` +
    `newest album "${newest?.title ?? '–'}" ${tracks.length} tracks.`
  );
}

function keptLines(library: BuiltLibrary): string[] {
  if (library.postgresSchema) {
    return [
      `Kept in schema ${library.postgresSchema}: DATABASE_URL=${library.env.DATABASE_URL}`,
      `Searched again with: npx tsx bench/search.ts --library-postgres ${library.postgresSchema}`,
    ];
  }
  return [
    `Kept in ${library.dataDir}: DATA_DIR=${library.dataDir}`,
    `Searched again with: npx tsx bench/search.ts --library-sqlite ${library.dataDir}`,
  ];
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCommandLine>;
  try {
    options = parseCommandLine();
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const counts = libraryCounts(options.songs);
  console.info(
    `Generated library: ${count(counts.songs)} songs, ${count(counts.artists)} artists, ` +
      `${count(counts.albums)} albums, ${count(counts.users)} listeners, ${count(counts.likes)} likes, ` +
      `${count(counts.playlists)} playlists, ${count(counts.plays)} plays`,
  );
  console.info(`  ${today()}, ${machineLine()}`);
  console.info(`  load average ${loadAverageLine()} (1, 5, 15 min) at the start`);

  const lines: string[] = [];
  for (const dialect of options.dialects) {
    let library: BuiltLibrary;
    try {
      library = await buildLibrary({
        songs: options.songs,
        dialect,
        seed: options.seed,
        ...(options.keep === undefined ? {} : { keep: options.keep }),
        log: (line) => console.info(line),
      });
    } catch (error) {
      if (error instanceof UnusableOptions) {
        console.error(error.message);
        process.exitCode = 2;
        return;
      }
      if (!(error instanceof DatabaseUnreachable)) throw error;
      console.info(`  PostgreSQL skipped: ${error.message}`);
      continue;
    }
    try {
      lines.push(...summary(library.stats), await checks(library));
      if (options.keep !== undefined) lines.push(...keptLines(library));
    } finally {
      await library.cleanup();
    }
  }
  console.info(lines.join('\n'));
  console.info(`\nLoad average ${loadAverageLine()} (1, 5, 15 min) at the end`);
}

await main();
