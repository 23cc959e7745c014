import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansOfStatements } from '../../../test/query-plugins';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';
import { CatalogueRepository } from './catalogue.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The plan of each statement the album list of a genre runs, one line per step. */
async function plansOfGenreList(): Promise<string[]> {
  const { plans } = await plansOfStatements(t.database.db, testDialect, (db) =>
    new CatalogueRepository(db).albumsAt({ kind: 'genre', genre: 'rock' }, 0, 500),
  );
  return plans;
}

describe('the albums of a genre (Subsonic getAlbumList2 byGenre)', () => {
  it('gathers the genre’s songs once, not once for each album', async () => {
    const plans = await plansOfGenreList();
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      // The genre's songs are read by their genre, not each album's songs checked for it.
      expect(plan, plan).toMatch(
        testDialect === 'postgres' ? /genre = / : /songs_genre\w* \(genre=\?/,
      );
      // A subquery over the genre's songs evaluated per album read a tenth of a library for each
      // of its albums: three minutes at a million songs on SQLite.
      const perAlbum =
        testDialect === 'postgres'
          ? /SubPlan[\s\S]*songs_genre/
          : /CORRELATED[^\n]*\n(?:[^\n]*\n)*?[^\n]*songs_genre/;
      expect(plan, plan).not.toMatch(perAlbum);
    }
  });
});
