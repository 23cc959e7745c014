import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const serial = postgres ? sql`bigserial` : sql`integer`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('user')
        .check(sql`role in ('user', 'admin')`),
    )
    .addColumn('profile_image', 'text')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  // E-mails are stored lower-cased; the expression index keeps them unique even if one is not.
  await db.schema
    .createIndex('users_email_unique')
    .on('users')
    .unique()
    .expression(sql`lower(email)`)
    .execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_tokens_expires_at_idx')
    .on('revoked_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('songs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('album', 'text')
    .addColumn('genre', 'text', (c) => c.notNull())
    .addColumn('release_year', 'integer')
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('cover_key', 'text')
    .addColumn('audio_key', 'text', (c) => c.notNull())
    .addColumn('audio_mime', 'text', (c) => c.notNull())
    .addColumn('audio_bytes', 'integer', (c) => c.notNull())
    .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('songs_created_at_idx')
    .on('songs')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema.createIndex('songs_genre_idx').on('songs').column('genre').execute();

  for (const table of ['likes', 'saves']) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('song_id', 'text', (c) => c.notNull().references('songs.id').onDelete('cascade'))
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pkey`, ['user_id', 'song_id'])
      .execute();
    await db.schema.createIndex(`${table}_song_idx`).on(table).column('song_id').execute();
  }

  await db.schema
    .createTable('plays')
    .addColumn('id', serial, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('song_id', 'text', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('played_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('plays_user_idx')
    .on('plays')
    .columns(['user_id', 'played_at'])
    .execute();
  await db.schema.createIndex('plays_song_idx').on('plays').column('song_id').execute();

  await db.schema
    .createTable('playlists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_key', 'text')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('playlists_owner_idx').on('playlists').column('owner_id').execute();

  await db.schema
    .createTable('playlist_songs')
    .addColumn('playlist_id', 'text', (c) =>
      c.notNull().references('playlists.id').onDelete('cascade'),
    )
    .addColumn('song_id', 'text', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_songs_pkey', ['playlist_id', 'song_id'])
    .execute();
  await db.schema
    .createIndex('playlist_songs_song_idx')
    .on('playlist_songs')
    .column('song_id')
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema
    .createIndex('password_resets_user_idx')
    .on('password_resets')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('issue_type', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('usability', 'text', (c) => c.notNull())
    .addColumn('liked', 'text')
    .addColumn('improvements', 'text')
    .addColumn('recommend', 'text', (c) => c.notNull())
    .addColumn('additional_feedback', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'feedback',
    'contact_messages',
    'password_resets',
    'playlist_songs',
    'playlists',
    'plays',
    'saves',
    'likes',
    'songs',
    'revoked_tokens',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
