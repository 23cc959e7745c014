import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Who may join, and accounts an administrator looks after:
 *
 * - `site_settings`: settings the administrator changes while the server runs (who may sign up),
 *   one row per setting, its value as JSON text; a setting without a row has its default.
 * - `invitations`: sign-up links an administrator made. Only a SHA-256 of each token is kept;
 *   `used_at` marks the one use, `email` and `role` (optional) bind the account made with it.
 * - `users.disabled_at`: a disabled account can neither sign in nor use its sessions or app keys.
 * - `users.must_change_password`: 1 while the account has a temporary password set by an
 *   administrator; it can do nothing but choose its own.
 * - `users.last_active_at`: the last time the account used the web API or an app key, kept to the
 *   minute.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('used_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('invitations_pending_idx')
    .on('invitations')
    .columns(['used_at', 'created_at', 'id'])
    .execute();

  await db.schema.alterTable('users').addColumn('disabled_at', timestamp).execute();
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('last_active_at', timestamp).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['last_active_at', 'must_change_password', 'disabled_at']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.dropTable('invitations').execute();
  await db.schema.dropTable('site_settings').execute();
}
