// Checks that the bulk loader of the library generator gives the very library the row-inserts
// loader gives: every table's rows, the search tables' contents (on SQLite the terms FTS5 holds
// for each song, read through fts5vocab) and every index by its definition. Exits 1 on any
// difference, naming the tables that differ.
//
// Usage: npx tsx bench/library-loaders-check.ts [--songs 2000] [--db sqlite|postgres|both]
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../apps/server/src/db/database';
import type { Database } from '../apps/server/src/db/schema';
import { DatabaseUnreachable, buildLibrary } from './support/library-generator';
import { allIndexes } from './support/secondary-indexes';

/** Each account's password is hashed with a salt of its own each build. */
const SALTED_COLUMNS = new Set(['password_hash']);
const FTS_TABLES = ['songs_fts', 'songs_trigram'];

function fingerprint(rows: readonly Record<string, unknown>[]): string {
  const lines = rows.map((row) =>
    JSON.stringify(Object.entries(row).filter(([column]) => !SALTED_COLUMNS.has(column))),
  );
  lines.sort();
  return `${rows.length} rows, ${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
}

async function tableNames(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`
          SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND c.relkind = 'r'`.execute(db)
      : await sql<{ name: string }>`
          SELECT name FROM sqlite_master
          WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
            AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`.execute(db);
  return rows
    .map((row) => row.name)
    .filter(
      (name) =>
        // Kysely's bookkeeping records when each migration ran.
        !name.startsWith('kysely_') &&
        // FTS5 stores its index in segments that depend on how the rows were batched; what it
        // holds is compared through fts5vocab instead.
        !FTS_TABLES.some((fts) => name.startsWith(`${fts}_`)),
    )
    .sort();
}

/** What is in the library, table by table, as comparable text. */
async function contents(
  db: Kysely<Database>,
  dialect: DialectName,
  schema: string | undefined,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const table of await tableNames(db, dialect)) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(
      db,
    );
    found.set(table, fingerprint(rows));
  }
  if (dialect === 'sqlite') {
    for (const table of FTS_TABLES) {
      const vocab = `temp.${table}_check_instances`;
      await sql
        .raw(`CREATE VIRTUAL TABLE ${vocab} USING fts5vocab(main, ${table}, instance)`)
        .execute(db);
      const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.raw(vocab)}`.execute(
        db,
      );
      found.set(`${table} (terms)`, fingerprint(rows));
      await sql.raw(`DROP TABLE ${vocab}`).execute(db);
    }
  }
  for (const index of await allIndexes(db, dialect)) {
    // Each build has a schema of its own, which PostgreSQL names in the definition.
    const definition = schema
      ? index.definition.replace(` ON ${schema}.`, ' ON ')
      : index.definition;
    found.set(`index ${index.name}`, `${index.table}: ${definition}`);
  }
  return found;
}

async function compare(songs: number, dialect: DialectName): Promise<boolean> {
  const seen: Map<string, string>[] = [];
  for (const loader of ['row-inserts', 'bulk'] as const) {
    const library = await buildLibrary({ songs, dialect, loader });
    try {
      seen.push(await contents(library.handle.db, dialect, library.postgresSchema));
    } finally {
      await library.cleanup();
    }
  }
  const [rowInserts, bulk] = seen as [Map<string, string>, Map<string, string>];
  const names = [...new Set([...rowInserts.keys(), ...bulk.keys()])].sort();
  const differing = names.filter((name) => rowInserts.get(name) !== bulk.get(name));
  for (const name of differing) {
    console.info(
      `  ${dialect} ${name}: row inserts ${rowInserts.get(name)}, bulk ${bulk.get(name)}`,
    );
  }
  const tables = names.filter((name) => !name.startsWith('index ')).length;
  console.info(
    `${dialect}: ${songs} songs, ${tables} tables and ${names.length - tables} indexes compared, ` +
      (differing.length === 0 ? 'all the same' : `${differing.length} differ`),
  );
  return differing.length === 0;
}

const { values } = parseArgs({
  options: { songs: { type: 'string', default: '2000' }, db: { type: 'string', default: 'both' } },
});
const dialects: DialectName[] =
  values.db === 'both' ? ['sqlite', 'postgres'] : [values.db as DialectName];
let same = true;
for (const dialect of dialects) {
  try {
    same = (await compare(Number(values.songs), dialect)) && same;
  } catch (error) {
    if (!(error instanceof DatabaseUnreachable)) throw error;
    console.info(`${dialect} skipped: ${error.message}`);
  }
}
process.exitCode = same ? 0 : 1;
