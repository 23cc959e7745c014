import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Sign-in beyond a password:
 *
 * - `second_factors`: an account's TOTP secret (sealed with the server's key, never in clear),
 *   `enabled_at` once the owner confirmed it with a first code, and the last time step a code was
 *   accepted for, so that no code is accepted twice.
 * - `recovery_codes`: the single-use codes shown once at enrolment, kept as SHA-256 hashes.
 * - `external_identities`: an account's subject at an OpenID Connect issuer, so that a later
 *   sign-in finds it even after the e-mail address changed on either side.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  const userId = 'user_id';
  await db.schema
    .createTable('second_factors')
    .addColumn(userId, 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_cipher', 'text', (c) => c.notNull())
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('enabled_at', timestamp)
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn(userId, 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .addPrimaryKeyConstraint('recovery_codes_pkey', [userId, 'code_hash'])
    .execute();

  await db.schema
    .createTable('external_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn(userId, 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('external_identities_pkey', ['issuer', 'subject'])
    .execute();
  await db.schema
    .createIndex('external_identities_user_idx')
    .on('external_identities')
    .column(userId)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['external_identities', 'recovery_codes', 'second_factors']) {
    await db.schema.dropTable(table).execute();
  }
}
