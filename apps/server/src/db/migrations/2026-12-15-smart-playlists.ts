import type { Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * A smart playlist is a playlist whose songs are chosen by rules, evaluated on every read
 * (docs/decisions/093-smart-playlists-evaluated-on-read.md): the rules, their sort and limit are
 * kept as JSON in `rules`; an ordinary playlist has none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('playlists').addColumn('rules', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('playlists').dropColumn('rules').execute();
}
