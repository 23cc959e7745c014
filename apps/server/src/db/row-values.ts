import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * `(a, b, ...) < (x, y, ...)` (or another operator): the rows on one side of the given values in
 * the order of `columns`, all running the same way. One range of an index that leads with those
 * columns in that order.
 */
export function rowCompare(
  columns: readonly string[],
  operator: '<' | '>' | '<=' | '>=' | '=',
  values: readonly unknown[],
): RawBuilder<SqlBool> {
  // Raw references: Kysely cannot infer the value type of a column left generic here.
  const refs = sql.join(columns.map((column) => sql.ref(column)));
  const params = sql.join(values.map((value) => sql.val(value)));
  return sql<SqlBool>`(${refs}) ${sql.raw(operator)} (${params})`;
}
