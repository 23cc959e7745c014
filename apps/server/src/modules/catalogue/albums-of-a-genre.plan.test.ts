import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansOfStatements } from '../../../test/query-plugins';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';
import { CatalogueRepository } from './catalogue.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The plan of each statement the album list of a tag genre runs, one line per step. */
async function plansOfGenreList(): Promise<string[]> {
  const { plans } = await plansOfStatements(t.database.db, testDialect, (db) =>
    new CatalogueRepository(db).albumsAt({ kind: 'genre', genre: 'rock' }, 0, 500),
  );
  return plans;
}

describe('the albums of a tag genre (Subsonic getAlbumList2 byGenre)', () => {
  it('gathers the genre’s songs once, not once for each album', async () => {
    const plans = await plansOfGenreList();
    // The album rows, then their genres (a read by the albums' ids).
    const [list] = plans;
    expect(list).toBeDefined();
    // The genre's songs are read by the genre's name, not each album's songs checked for it.
    expect(list, list).toMatch(
      testDialect === 'postgres' ? /name_key = / : /song_genres_genre_idx \(genre_id=\?/,
    );
    // A subquery over the genre's songs evaluated per album read a tenth of a library for each
    // of its albums: three minutes at a million songs on SQLite.
    const perAlbum =
      testDialect === 'postgres'
        ? /SubPlan[\s\S]*song_genres/
        : /CORRELATED[^\n]*\n(?:[^\n]*\n)*?[^\n]*song_genres/;
    expect(list, list).not.toMatch(perAlbum);
  });
});
