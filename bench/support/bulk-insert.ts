// Rows into a table in as few statements as the database allows. PostgreSQL takes one array per
// column and unnests them (INSERT ... SELECT FROM unnest($1::text[], ...)): thousands of rows in
// a statement of a handful of parameters, each row still written as an INSERT, so the tables'
// triggers and foreign keys act on it exactly as they would on a row inserted alone. SQLite
// takes multi-row VALUES lists within its parameter limit.
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DialectName } from '../../apps/server/src/db/database';
import type { Database } from '../../apps/server/src/db/schema';

export interface BulkInsertOptions {
  /** Rows per transaction: each commits, so a large table never sits in one. */
  readonly rowsPerTransaction: number;
  /** PostgreSQL: rows per unnest statement. */
  readonly postgresRowsPerStatement: number;
}

/** Bound parameters per statement: under SQLite's 32,766. */
const SQLITE_MAX_PARAMETERS = 30_000;
const SQLITE_MAX_ROWS_PER_STATEMENT = 1000;

type Row = Record<string, unknown>;

/** Each column's type as PostgreSQL spells it, to cast the column's array to. */
async function postgresColumnTypes(
  db: Kysely<Database>,
  table: string,
): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; type: string; dimensions: number }>`
    SELECT attname AS name, format_type(atttypid, atttypmod) AS type, attndims AS dimensions
    FROM pg_attribute
    WHERE attrelid = to_regclass(${table}) AND attnum > 0 AND NOT attisdropped`.execute(db);
  const types = new Map<string, string>();
  for (const row of rows) {
    // unnest would flatten an array column's values into one another.
    if (row.dimensions > 0 || row.type.endsWith('[]')) {
      throw new Error(`${table}.${row.name} is an array column: unnest cannot load it`);
    }
    types.set(row.name, row.type);
  }
  return types;
}

/** The row's values in `columns`' order; a row of other columns than the first's is refused. */
function valuesOf(row: Row, columns: readonly string[], table: string): unknown[] {
  const keys = Object.keys(row);
  if (keys.length !== columns.length || columns.some((column) => row[column] === undefined)) {
    // A missing column would take its default in a one-row INSERT: the load would differ.
    throw new Error(`${table}: a row has other columns than the first (${keys.join(', ')})`);
  }
  return columns.map((column) => row[column]);
}

async function insertPostgres(
  db: Kysely<Database>,
  table: string,
  columns: readonly string[],
  rows: readonly Row[],
  types: ReadonlyMap<string, string>,
): Promise<void> {
  const arrays = columns.map(() => [] as unknown[]);
  for (const row of rows) {
    valuesOf(row, columns, table).forEach((value, index) => arrays[index]!.push(value));
  }
  const unnested = sql.join(
    columns.map((column, index) => sql`${arrays[index]}::${sql.raw(`${types.get(column)!}[]`)}`),
  );
  await sql`
    INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
    SELECT * FROM unnest(${unnested})`.execute(db);
}

async function insertSqlite(
  db: Kysely<Database>,
  table: string,
  columns: readonly string[],
  rows: readonly Row[],
): Promise<void> {
  const perStatement = Math.max(
    1,
    Math.min(SQLITE_MAX_ROWS_PER_STATEMENT, Math.floor(SQLITE_MAX_PARAMETERS / columns.length)),
  );
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const tuples = chunk.map(
      (row) => sql`(${sql.join(valuesOf(row, columns, table).map((value) => sql`${value}`))})`,
    );
    await sql`
      INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      VALUES ${sql.join(tuples)}`.execute(db);
  }
}

/** Inserts every row, in the order given; answers how many. */
export async function bulkInsert<T extends keyof Database>(
  db: Kysely<Database>,
  dialect: DialectName,
  table: T,
  rows: Iterable<Insertable<Database[T]>>,
  options: BulkInsertOptions,
): Promise<number> {
  const iterator = (rows as Iterable<Row>)[Symbol.iterator]();
  let pending = iterator.next();
  if (pending.done) return 0;
  const columns = Object.keys(pending.value);
  const types = dialect === 'postgres' ? await postgresColumnTypes(db, table) : undefined;
  for (const column of columns) {
    if (types && !types.has(column)) throw new Error(`${table} has no column ${column}`);
  }
  const perStatement =
    dialect === 'postgres' ? options.postgresRowsPerStatement : options.rowsPerTransaction;
  let inserted = 0;
  while (!pending.done) {
    await db.transaction().execute(async (trx) => {
      let inTransaction = 0;
      while (!pending.done && inTransaction < options.rowsPerTransaction) {
        const chunk: Row[] = [];
        while (!pending.done && chunk.length < perStatement) {
          chunk.push(pending.value);
          pending = iterator.next();
        }
        if (types) await insertPostgres(trx, table, columns, chunk, types);
        else await insertSqlite(trx, table, columns, chunk);
        inTransaction += chunk.length;
      }
      inserted += inTransaction;
    });
  }
  return inserted;
}
