import { Migrator } from 'kysely';
import { migrations } from '../src/db/migrations/all';
import type { TestApp } from './test-app';

/** The server's migrations over a test app's database, to take it back to an older schema. */
export function migratorOf(t: TestApp): Migrator {
  return new Migrator({
    db: t.database.db,
    provider: { getMigrations: async () => migrations },
    ...(t.postgresSchema ? { migrationTableSchema: t.postgresSchema } : {}),
  });
}
