import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onSqlite } from '../../test/dialects';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newId } from '../ids';

/** Rows a recursive count walks through: a read that keeps a thread busy for a while. */
const LONG_READ_ROWS = 3_000_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async (db: TestApp['database']['db']) =>
  Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('long reads', () => {
  it('answer what the database holds, a write committed just before included', async () => {
    const before = await userCount(t.database.longReads);
    expect(before).toBe(await userCount(t.database.db));
    await t.database.db
      .insertInto('users')
      .values({
        id: newId(),
        name: 'Reader',
        email: `reader-${newId()}@example.com`,
        password_hash: 'x',
        role: 'user',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await userCount(t.database.longReads)).toBe(before + 1);
  });

  onSqlite.it('refuse a write on SQLite', async () => {
    await expect(
      t.database.longReads.deleteFrom('users').where('id', '=', newId()).execute(),
    ).rejects.toThrow(/read/i);
  });

  onSqlite.it(
    'leave the server’s thread free on SQLite: a short query started after a long read ends first',
    async () => {
      const ended: string[] = [];
      const long = sql<{ n: number }>`
        with recursive walk(i) as (select 1 union all select i + 1 from walk where i < ${LONG_READ_ROWS})
        select count(*) as n from walk
      `
        .execute(t.database.longReads)
        .then((result) => {
          ended.push('long');
          return Number(result.rows[0]?.n);
        });
      await t.database.db.selectFrom('users').select('id').limit(1).execute();
      ended.push('short');
      expect(await long).toBe(LONG_READ_ROWS);
      expect(ended).toEqual(['short', 'long']);
    },
  );

  onSqlite.it('answer a bad query with its error on SQLite', async () => {
    await expect(sql`select * from no_such_table`.execute(t.database.longReads)).rejects.toThrow(
      /no such table/,
    );
  });
});
