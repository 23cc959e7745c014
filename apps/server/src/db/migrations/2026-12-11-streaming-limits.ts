import type { Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * `users.streaming_quality_limit`: the richest stream an administrator lets the account have
 * (`high`, `normal`, `dataSaver`); null for no limit of its own (the server-wide one, a site
 * setting, still holds).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('streaming_quality_limit', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('streaming_quality_limit').execute();
}
