import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * What a listener's own plays give back (smart-playlist rules on their play count, statistics,
 * history) reads how often they played each song. `last_plays` already keeps one row per
 * listener and song, written with each play; it now keeps the count beside the last time, filled
 * here from the plays that exist.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('last_plays')
    .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    UPDATE last_plays SET play_count = (
      SELECT count(*) FROM plays
      WHERE plays.user_id = last_plays.user_id AND plays.song_id = last_plays.song_id
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('last_plays').dropColumn('play_count').execute();
}
