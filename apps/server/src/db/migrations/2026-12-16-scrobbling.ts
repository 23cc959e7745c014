import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Scrobbling out to ListenBrainz and Last.fm. `scrobble_links`: each listener's link to a service
 * (the user name there, the token or session key, and whether it works, waits for the listener's
 * approval or must be made again). `scrobble_queue`: the listens still to send, one row per
 * listen and service, kept until the service took it; `claimed_until` is the lease of the server
 * node sending it, `next_attempt_at` when it is tried again after a failure (epoch milliseconds).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const millis = postgres ? sql`bigint` : sql`integer`;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('scrobble_links')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text')
    .addColumn('credential', 'text', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('scrobble_links_pkey', ['user_id', 'service'])
    .execute();
  await db.schema
    .createTable('scrobble_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('track', 'text', (c) => c.notNull())
    .addColumn('album', 'text')
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('listened_at', millis, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', millis, (c) => c.notNull())
    .addColumn('claimed_until', millis)
    .addColumn('claim', 'text')
    .addForeignKeyConstraint(
      'scrobble_queue_link_fkey',
      ['user_id', 'service'],
      'scrobble_links',
      ['user_id', 'service'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('scrobble_queue_due_idx')
    .on('scrobble_queue')
    .columns(['next_attempt_at', 'id'])
    .execute();
  await db.schema
    .createIndex('scrobble_queue_link_idx')
    .on('scrobble_queue')
    .columns(['user_id', 'service'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scrobble_queue').execute();
  await db.schema.dropTable('scrobble_links').execute();
}
