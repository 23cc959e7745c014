// The secondary indexes the migrations created, taken off while a generated library is loaded
// and put back from their own definitions afterwards: one index build per index instead of one
// index update per row. Primary keys, unique constraints and whatever a foreign key leans on
// stay, as do SQLite's automatic indexes and the FTS5 tables' own storage.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../apps/server/src/db/database';
import type { Database } from '../../apps/server/src/db/schema';

export interface IndexDefinition {
  readonly name: string;
  readonly table: string;
  /** The statement that creates it, as the database reports it. */
  readonly definition: string;
}

/** Every index of the library, keys and constraints included: what the end state is checked by. */
export async function allIndexes(
  db: Kysely<Database>,
  dialect: DialectName,
): Promise<IndexDefinition[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<IndexDefinition>`
      SELECT indexname AS name, tablename AS "table", indexdef AS definition
      FROM pg_indexes WHERE schemaname = current_schema()
      ORDER BY indexname`.execute(db);
    return rows;
  }
  const { rows } = await sql<{ name: string; table: string; definition: string | null }>`
    SELECT name, tbl_name AS "table", sql AS definition
    FROM sqlite_master WHERE type = 'index' ORDER BY name`.execute(db);
  // An automatic index (a key or UNIQUE) has no statement of its own: its name stands for it.
  return rows.map((row) => ({ ...row, definition: row.definition ?? `(automatic) ${row.name}` }));
}

/** The indexes that can come off during the load: neither a constraint's nor automatic. */
export async function droppableIndexes(
  db: Kysely<Database>,
  dialect: DialectName,
): Promise<IndexDefinition[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<IndexDefinition>`
      SELECT i.indexname AS name, i.tablename AS "table", i.indexdef AS definition
      FROM pg_indexes i
      JOIN pg_class c ON c.relname = i.indexname
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = i.schemaname
      WHERE i.schemaname = current_schema()
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)
      ORDER BY i.indexname`.execute(db);
    return rows;
  }
  const { rows } = await sql<IndexDefinition>`
    SELECT name, tbl_name AS "table", sql AS definition
    FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
    ORDER BY name`.execute(db);
  return rows;
}

export async function dropIndexes(
  db: Kysely<Database>,
  indexes: readonly IndexDefinition[],
): Promise<void> {
  for (const index of indexes) await sql`DROP INDEX ${sql.ref(index.name)}`.execute(db);
}

/**
 * Builds the indexes again from their definitions. PostgreSQL gets working memory for the sorts
 * and GIN builds (for this transaction only), as a restore does.
 */
export async function recreateIndexes(
  db: Kysely<Database>,
  dialect: DialectName,
  indexes: readonly IndexDefinition[],
  log: (line: string) => void,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(trx);
    for (const index of indexes) {
      const started = performance.now();
      await sql.raw(index.definition).execute(trx);
      const seconds = (performance.now() - started) / 1000;
      if (seconds >= 1) log(`    index ${index.name} in ${seconds.toFixed(1)} s`);
    }
  });
}

/** Fails unless the library has exactly the indexes, by definition, it had before the load. */
export function requireSameIndexes(
  before: readonly IndexDefinition[],
  after: readonly IndexDefinition[],
): void {
  const key = (index: IndexDefinition) => `${index.table}: ${index.definition}`;
  const wanted = new Set(before.map(key));
  const found = new Set(after.map(key));
  const missing = [...wanted].filter((entry) => !found.has(entry));
  const extra = [...found].filter((entry) => !wanted.has(entry));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `The library's indexes differ from the migrations' after the bulk load.\n` +
        `Missing: ${missing.join('\n  ') || 'none'}\nUnexpected: ${extra.join('\n  ') || 'none'}`,
    );
  }
}
