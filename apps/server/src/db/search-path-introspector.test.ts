import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app';

describe('database introspection', () => {
  let t: TestApp;
  // On PostgreSQL a neighbouring schema holds a table of the same name; SQLite has only its file.
  const other = `other_${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await createTestApp();
    if (testDialect === 'postgres') {
      await sql`create schema ${sql.id(other)}`.execute(t.database.db);
      await sql`create table ${sql.id(other, 'songs')} (id text, stray text)`.execute(
        t.database.db,
      );
    }
  });

  afterAll(async () => {
    if (testDialect === 'postgres') {
      await sql`drop schema if exists ${sql.id(other)} cascade`.execute(t.database.db);
    }
    await t.close();
  });

  it("sees only the app's own tables, so that a schema dropped elsewhere cannot fail a migration", async () => {
    const tables = await t.database.db.introspection.getTables({
      withInternalKyselyTables: true,
    });
    if (testDialect === 'postgres') {
      expect(new Set(tables.map((table) => table.schema))).toEqual(
        new Set([t.postgresSchema ?? 'public']),
      );
    }
    const songs = tables.filter((table) => table.name === 'songs');
    expect(songs).toHaveLength(1);
    expect(songs[0]?.columns.map((column) => column.name)).not.toContain('stray');
    expect(tables.map((table) => table.name)).toContain('kysely_migration');
  });
});
