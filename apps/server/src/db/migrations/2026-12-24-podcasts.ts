import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Podcasts: `podcast_channels` (feeds an administrator subscribed to), `podcast_episodes` (what
 * each feed lists, and the file once downloaded) and `podcast_progress` (where each listener is
 * in each episode).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('podcast_channels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('feed_url', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('homepage_url', 'text')
    .addColumn('cover_key', 'text')
    .addColumn('auto_download', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_message', 'text')
    .addColumn('refreshed_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('podcast_episodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) =>
      c.notNull().references('podcast_channels.id').onDelete('cascade'),
    )
    .addColumn('guid', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('published_at', timestamp)
    .addColumn('duration_seconds', 'integer')
    .addColumn('enclosure_url', 'text', (c) => c.notNull())
    .addColumn('enclosure_type', 'text')
    .addColumn('enclosure_bytes', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('audio_key', 'text')
    .addColumn('audio_mime', 'text')
    .addColumn('audio_bytes', 'bigint')
    .addColumn('error_message', 'text')
    .addColumn('download_started_at', timestamp)
    .addColumn('auto_downloaded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('podcast_episodes_channel_guid_key', ['channel_id', 'guid'])
    .execute();
  await db.schema
    .createIndex('podcast_episodes_channel_published_idx')
    .on('podcast_episodes')
    .columns(['channel_id', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('podcast_episodes_published_idx')
    .on('podcast_episodes')
    .columns(['published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('podcast_episodes_audio_key_idx')
    .on('podcast_episodes')
    .column('audio_key')
    .execute();
  await db.schema
    .createTable('podcast_progress')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('episode_id', 'text', (c) =>
      c.notNull().references('podcast_episodes.id').onDelete('cascade'),
    )
    .addColumn('position_seconds', 'integer', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('podcast_progress_pkey', ['user_id', 'episode_id'])
    .execute();
  await db.schema
    .createIndex('podcast_progress_episode_idx')
    .on('podcast_progress')
    .column('episode_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('podcast_progress').execute();
  await db.schema.dropTable('podcast_episodes').execute();
  await db.schema.dropTable('podcast_channels').execute();
}
