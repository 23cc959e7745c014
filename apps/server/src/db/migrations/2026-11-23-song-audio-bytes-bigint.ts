import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * An audio file's size in bytes may pass 2^31 - 1 (uploads are allowed up to UPLOAD_MAX_MB =
 * 10240 MB), beyond PostgreSQL's `integer`: the column becomes `bigint`. SQLite's INTEGER already
 * holds 64-bit values, so it has nothing to change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`ALTER TABLE songs ALTER COLUMN audio_bytes TYPE bigint`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`ALTER TABLE songs ALTER COLUMN audio_bytes TYPE integer`.execute(db);
}
