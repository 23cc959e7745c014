import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Each song's play count by every listener leaves `songs` for a narrow table of its own,
 * `song_play_totals` (a row per song played, none for a song never played), indexed in most
 * played order. A play count written into `songs` made a new version of the song's row, which
 * took an entry in every index of songs (the search ones among them): about a millisecond a song
 * on PostgreSQL, most of the time a history import of many songs took. The counts move as they
 * are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('song_play_totals')
    .addColumn('song_id', 'text', (c) => c.primaryKey().references('songs.id').onDelete('cascade'))
    .addColumn('play_count', 'integer', (c) => c.notNull())
    .execute();
  await sql`
    INSERT INTO song_play_totals (song_id, play_count)
    SELECT id, play_count FROM songs WHERE play_count > 0
  `.execute(db);
  await db.schema
    .createIndex('song_play_totals_play_count_idx')
    .on('song_play_totals')
    .columns(['play_count', 'song_id'])
    .execute();
  await db.schema.dropIndex('songs_play_count_idx').execute();
  await db.schema.alterTable('songs').dropColumn('play_count').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('songs')
    .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    UPDATE songs SET play_count = (
      SELECT play_count FROM song_play_totals WHERE song_play_totals.song_id = songs.id
    )
    WHERE id IN (SELECT song_id FROM song_play_totals)
  `.execute(db);
  await db.schema
    .createIndex('songs_play_count_idx')
    .on('songs')
    .columns(['play_count', 'id'])
    .execute();
  await db.schema.dropTable('song_play_totals').execute();
}
