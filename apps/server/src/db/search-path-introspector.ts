import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  schema: string;
  table: string;
  table_type: string;
  column: string;
  data_type: string;
  nullable: boolean;
  has_default: boolean;
}

/**
 * Kysely's PostgreSQL introspector reads the columns of every schema in the database; when
 * another schema is dropped meanwhile (tests give each file its own and drop it at the end) the
 * catalogue functions it calls fail with "schema … does not exist". This one reads only the
 * schema that unqualified names resolve to, which is all the migrator asks about.
 */
class SearchPathIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.table_schema as schema, c.table_name as table, t.table_type,
             c.column_name as column, c.data_type, c.is_nullable = 'YES' as nullable,
             c.column_default is not null as has_default
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema()
      order by c.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.table_type === 'VIEW',
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.data_type,
        isNullable: row.nullable,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: false,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL, introspected within the search path only (see `SearchPathIntrospector`). */
export class SearchPathPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}
