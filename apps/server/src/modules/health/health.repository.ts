import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What readiness asks of the database: that it answers, and which migrations it has run. */
export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A trivial round trip; throws when the database cannot be reached. */
  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }

  /**
   * The names of the migrations already run, from Kysely's bookkeeping table (unqualified: on
   * PostgreSQL it is the one in the connection's search path, as when the migrations ran).
   */
  async appliedMigrations(): Promise<Set<string>> {
    const result = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(this.db);
    return new Set(result.rows.map((row) => row.name));
  }

  /** False on a database no server has started on yet: its migrations have never run. */
  async migrationsEverRan(): Promise<boolean> {
    const tables = await this.db.introspection.getTables({ withInternalKyselyTables: true });
    return tables.some((table) => table.name === 'kysely_migration');
  }
}
