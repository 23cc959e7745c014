import type { Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * `catalogue_stars_user_kind_created_idx`: a listener's likes of albums or artists (the stars of
 * the OpenSubsonic API) in the order the web lists them, newest like first by (created_at,
 * item_id), so that a page of them is one range of the index read from the cursor on, as the
 * liked songs' pages are (`likes_user_created_idx`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('catalogue_stars_user_kind_created_idx')
    .on('catalogue_stars')
    .columns(['user_id', 'kind', 'created_at', 'item_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('catalogue_stars_user_kind_created_idx').execute();
}
