import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Login attempts counted where they cannot be lost: one row per limit and key (an address, or
 * an account from an address), with the count in its window and when the window ends (epoch
 * milliseconds). Counts kept only in Redis started again from nothing whenever Redis restarted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const millis = postgres ? sql`bigint` : sql`integer`;
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_window_ends_at_idx')
    .on('login_attempts')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
}
