import { sql, type RawBuilder, type SqlBool } from 'kysely';

type RowOperator = '<' | '>' | '<=' | '>=' | '=';

/**
 * `(a, b, ...) < (x, y, ...)` (or another operator): the rows on one side of the given values in
 * the order of `columns`, all running the same way. One range of an index that leads with those
 * columns in that order.
 */
export function rowCompare(
  columns: readonly string[],
  operator: RowOperator,
  values: readonly unknown[],
): RawBuilder<SqlBool> {
  // Raw references: Kysely cannot infer the value type of a column left generic here.
  const refs = sql.join(columns.map((column) => sql.ref(column)));
  const params = sql.join(values.map((value) => sql.val(value)));
  return sql<SqlBool>`(${refs}) ${sql.raw(operator)} (${params})`;
}

/**
 * `(a, b, ...) < (SELECT a, b, ... FROM table)`: as `rowCompare`, against the values of the one
 * row of `table` (a common table expression of the statement). Both databases read that row once,
 * before the rows compared with it, so an index still reads the comparison as a range. Where
 * `table` has no row its values are null, and no row compares with null: nothing is on either
 * side.
 */
export function rowCompareWithRowOf(
  columns: readonly string[],
  operator: RowOperator,
  table: string,
): RawBuilder<SqlBool> {
  const refs = sql.join(columns.map((column) => sql.ref(column)));
  return sql<SqlBool>`(${refs}) ${sql.raw(operator)} (SELECT ${refs} FROM ${sql.table(table)})`;
}
