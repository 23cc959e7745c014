import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * What a listener's account settings need:
 *
 * - `account_sessions`: one row per signed-in session (the `jti` of its token), with the device
 *   it signed in from (User-Agent, address), when it was last seen, and when its owner last
 *   proved the password in it (re-authentication before sensitive changes). Tokens signed before
 *   this table existed have no row: they keep working but are not listed.
 * - `email_changes`: a requested change of e-mail address, known by the hash of the token the
 *   confirmation link carries; it takes effect only when the link is used, once, before expiry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('account_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .addColumn('authenticated_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_sessions_user_idx')
    .on('account_sessions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('account_sessions_expires_idx')
    .on('account_sessions')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('email_changes')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema
    .createIndex('email_changes_user_idx')
    .on('email_changes')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
  await db.schema.dropTable('account_sessions').execute();
}
