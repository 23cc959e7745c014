import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * `listening_item_counts`: per listener, period and kind, how many items `listening_totals`
 * holds (the songs, artists or days of a year…), kept with each play so that a statistics page
 * reads one row instead of counting up to a row per song the listener ever played. Filled here
 * from the counts there are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listening_item_counts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('items', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('listening_item_counts_pkey', ['user_id', 'period', 'kind'])
    .execute();
  await sql`
    INSERT INTO listening_item_counts (user_id, period, kind, items)
    SELECT user_id, period, kind, count(*) FROM listening_totals GROUP BY user_id, period, kind
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listening_item_counts').execute();
}
