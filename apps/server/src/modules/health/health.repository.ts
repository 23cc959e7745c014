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
}
