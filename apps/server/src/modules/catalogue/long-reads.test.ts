import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { QueryCounter } from '../../../test/query-plugins';
import { CatalogueRepository } from './catalogue.repository';

/**
 * The catalogue's reads whose work grows with the whole library and no index bounds go through
 * the database's long reads (off the server's thread on SQLite); the bounded ones do not.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs `read` on a repository whose two databases count their queries. */
async function queriesOf(read: (repository: CatalogueRepository) => Promise<unknown>) {
  const main = new QueryCounter();
  const long = new QueryCounter();
  await read(
    new CatalogueRepository(t.database.db.withPlugin(main), t.database.longReads.withPlugin(long)),
  );
  return { main: main.count, long: long.count };
}

describe('the catalogue’s long reads', () => {
  it.each([
    ['every album artist', (r: CatalogueRepository) => r.albumArtists()],
    ['albums at random', (r: CatalogueRepository) => r.albumsAt({ kind: 'random' }, 0, 10)],
    [
      'albums most played',
      (r: CatalogueRepository) => r.albumsAt({ kind: 'sorted', sort: 'most_played' }, 0, 10),
    ],
    ['songs at random', (r: CatalogueRepository) => r.songsAt({ kind: 'random' }, 0, 10)],
    [
      'a page of albums by plays',
      (r: CatalogueRepository) => r.albumPage('most_played', { limit: 10 }),
    ],
    [
      'a page of albums by artist',
      (r: CatalogueRepository) => r.albumPage('artist', { limit: 10 }),
    ],
    ['albums matching a word', (r: CatalogueRepository) => r.albumsMatching('the l', 20)],
    ['artists matching a word', (r: CatalogueRepository) => r.artistsMatching('the l', 20)],
  ])('run %s as a long read', async (_name, read) => {
    const { main, long } = await queriesOf(read);
    expect(long).toBeGreaterThan(0);
    // At most two bounded reads: the found songs' artists and genres (or the found albums'
    // genres) by their ids, and the count of the word index's candidates on SQLite (decision 065).
    expect(main).toBeLessThanOrEqual(2);
  });

  it.each(['newest', 'title', 'year'] as const)(
    'runs a page of albums by %s (an index’s order) on the server’s connection',
    async (sort) => {
      const { main, long } = await queriesOf((r) => r.albumPage(sort, { limit: 10 }));
      expect(long).toBe(0);
      expect(main).toBeGreaterThan(0);
    },
  );
});
