import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * What phone and desktop apps need (the OpenSubsonic API under /rest):
 *
 * - `api_keys`: the keys a listener makes for their apps. Each is kept twice, never in clear: an
 *   HMAC for finding a key sent as it is, and an AES-GCM cipher text, because token sign-in sends
 *   md5(key + salt) and only the key itself can be hashed with the salt.
 * - `catalogue_stars`: albums and artists a listener starred (songs keep their likes).
 * - `ratings`: a listener's 1–5 rating of a song, album or artist.
 * - `play_queues`: the queue an app saved, one per listener, to pick up on another device.
 *
 * Stars and ratings name their item by kind and id without a foreign key (the item is in one of
 * three tables); reads join the item, so those of deleted items are never shown.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const userId = 'user_id';
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn(userId, 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_cipher', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_used_at', timestamp)
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').columns([userId, 'id']).execute();

  await db.schema
    .createTable('catalogue_stars')
    .addColumn(userId, 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('catalogue_stars_pkey', [userId, 'kind', 'item_id'])
    .execute();

  await db.schema
    .createTable('ratings')
    .addColumn(userId, 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ratings_pkey', [userId, 'kind', 'item_id'])
    .execute();

  await db.schema
    .createTable('play_queues')
    .addColumn(userId, 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('song_ids', 'text', (c) => c.notNull())
    .addColumn('current_song_id', 'text')
    .addColumn('position_ms', 'bigint', (c) => c.notNull())
    .addColumn('changed_at', timestamp, (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['play_queues', 'ratings', 'catalogue_stars', 'api_keys']) {
    await db.schema.dropTable(table).execute();
  }
}
