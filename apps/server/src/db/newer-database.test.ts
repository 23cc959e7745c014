import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { migrateToLatest, newerDatabase } from './database';
import { migrations } from './migrations/all';

/** A release started on a database that a newer release migrated further. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a database changed by a newer release', () => {
  it('stops this release with one line naming both schemas, and changes nothing', async () => {
    const table = t.postgresSchema ? t.database.db.withSchema(t.postgresSchema) : t.database.db;
    await table
      .insertInto('kysely_migration' as never)
      .values({
        name: '2099-01-01-from-a-newer-release',
        timestamp: new Date().toISOString(),
      })
      .execute();

    const ran = () =>
      table
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
    const before = await ran();

    const message = await migrateToLatest(t.database.db, t.postgresSchema).then(
      () => 'no error',
      (error: Error) => error.message,
    );
    expect(message).toBe(newerDatabase('2099-01-01-from-a-newer-release'));
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(Object.keys(migrations).sort().at(-1));
    expect(await ran()).toEqual(before);
  });
});
