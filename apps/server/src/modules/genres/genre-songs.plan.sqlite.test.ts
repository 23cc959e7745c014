import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansOfStatements } from '../../../test/query-plugins';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';
import { GenresRepository } from './genres.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a page of a genre’s songs', () => {
  it('is one range of the genre’s index, never every song of the genre sorted', async () => {
    const { plans } = await plansOfStatements(t.database.db, testDialect, (db) =>
      new GenresRepository(db).songPage('01900000-0000-7000-8000-000000000000', {
        limit: 10,
        cursor: Buffer.from(
          JSON.stringify({ after: '01900000-0000-7000-8000-0000000000ff' }),
        ).toString('base64url'),
      }),
    );
    const [page] = plans;
    expect(page, page).toMatch(/song_genres_genre_idx \(genre_id=\? AND song_id<\?\)/);
    expect(page, page).not.toMatch(/TEMP B-TREE/);
  });
});
