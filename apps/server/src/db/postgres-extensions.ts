import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** What song search needs beyond core PostgreSQL: accent folding and trigram indexes. */
export const SEARCH_EXTENSIONS = ['unaccent', 'pg_trgm'] as const;

/**
 * Fails with a message an operator can act on when the server cannot install an extension the
 * migrations create, rather than with a migration's bare "could not open extension control
 * file". Both ship with PostgreSQL's contrib modules and are trusted, so a database owner can
 * create them once they are installed on the server.
 */
export async function requirePostgresExtensions(
  db: Kysely<Database>,
  names: readonly string[] = SEARCH_EXTENSIONS,
): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM pg_available_extensions
    WHERE name IN (${sql.join(names.map((name) => sql.lit(name)))})`.execute(db);
  const missing = names.filter((name) => !rows.some((row) => row.name === name));
  if (missing.length === 0) return;
  const list = missing.join(' and ');
  throw new Error(
    `PostgreSQL cannot install the ${list} extension${missing.length > 1 ? 's' : ''}, which song search needs. ` +
      'Install the PostgreSQL contrib modules on the database server (the postgresql-contrib ' +
      'package on Debian and Ubuntu; the official postgres images have them), then start again.',
  );
}
