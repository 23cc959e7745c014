import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCounter } from '../../../test/query-plugins';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { GenresRepository } from './genres.repository';

/**
 * The genres' counts grow with the library and no index bounds them: they are long reads (off the
 * server's thread on SQLite); a page of a genre's songs is a range of an index, on the server's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function queriesOf(read: (repository: GenresRepository) => Promise<unknown>) {
  const main = new QueryCounter();
  const long = new QueryCounter();
  await read(
    new GenresRepository(t.database.db.withPlugin(main), t.database.longReads.withPlugin(long)),
  );
  return { main: main.count, long: long.count };
}

const SOME_GENRE = '01900000-0000-7000-8000-000000000000';

describe('the genres’ reads', () => {
  it.each([
    ['every genre with its counts', (r: GenresRepository) => r.all()],
    ['one genre with its counts', (r: GenresRepository) => r.find(SOME_GENRE)],
    ['the genres a search finds', (r: GenresRepository) => r.matching('jazz', 20)],
  ])('run %s as a long read', async (_name, read) => {
    expect(await queriesOf(read)).toEqual({ main: 0, long: 1 });
  });

  it('run a page of a genre’s songs on the server’s connection', async () => {
    const { main, long } = await queriesOf((r) => r.songPage(SOME_GENRE, { limit: 10 }));
    expect(long).toBe(0);
    expect(main).toBeGreaterThan(0);
  });
});
