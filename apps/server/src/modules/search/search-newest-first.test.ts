import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryRecorder } from '../../../test/query-plugins';
import { insertSongRows, songRowValues } from '../../../test/song-rows';
import { onPostgres } from '../../../test/dialects';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { DatabaseHandle } from '../../db/database';
import { POSTGRES_FIRST_RECENT_SONGS, POSTGRES_RECENT_SONGS } from './postgres-search.repository';
import { searchServiceOver } from './search-over';

/**
 * A common word's answer is its first group's newest songs, however few songs are read to find
 * them; a rarer one is looked for further back. Songs: the oldest 100 are "Zulu", the 700 after
 * them "Alpha", every other one by the Beta Band.
 */

const ZULU = 100;
const ALPHA = 700;
const START = Date.UTC(2025, 0, 1);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const rows = Array.from({ length: ZULU + ALPHA }, (_, index) =>
    songRowValues({
      title: index < ZULU ? `Zulu ${index}` : `Alpha ${index}`,
      artist: index % 2 === 0 ? 'Beta Band' : 'Gamma Group',
      createdAt: new Date(START + index * 1000).toISOString(),
    }),
  );
  await insertSongRows(t, rows);
});
afterAll(() => t.close());

async function searched(text: string) {
  const recorder = new QueryRecorder(t.database.db);
  const recorded: DatabaseHandle = {
    ...t.database,
    db: t.database.db.withPlugin(recorder),
    longReads: t.database.longReads.withPlugin(recorder),
  };
  const songs = await searchServiceOver(recorded).songs(text);
  return { titles: songs.map((song) => song.title), statements: recorder.executed };
}

/** Titles `from` down to `to`, newest first. */
const titles = (word: string, from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => `${word} ${from - index}`);

describe('search among the newest songs first', () => {
  it('answers a common word with its newest songs', async () => {
    const last = ZULU + ALPHA - 1;
    expect((await searched('a')).titles).toEqual(titles('Alpha', last, last - 49));
    expect((await searched('alpha')).titles).toEqual(titles('Alpha', last, last - 49));
  });

  it('looks further back for a word the newest songs lack', async () => {
    expect((await searched('zulu')).titles).toEqual(titles('Zulu', ZULU - 1, ZULU - 50));
    // No title starts so: the artist's newest songs.
    const beta = (await searched('beta')).titles;
    expect(beta).toHaveLength(50);
    expect(beta[0]).toBe(`Alpha ${ZULU + ALPHA - 2}`);
  });

  onPostgres.it(
    'reads only the first recent songs on PostgreSQL when they hold the answer',
    async () => {
      const windows = (sql: string[]) =>
        sql.flatMap((text) => [...text.matchAll(/LIMIT (\d+)/g)].map((match) => Number(match[1])));
      const common = await searched('alpha');
      const read = windows(common.statements.map((statement) => statement.sql));
      expect(read).toContain(POSTGRES_FIRST_RECENT_SONGS);
      expect(read).not.toContain(POSTGRES_RECENT_SONGS);
      const rarer = await searched('zulu');
      expect(windows(rarer.statements.map((statement) => statement.sql))).toContain(
        POSTGRES_RECENT_SONGS,
      );
    },
  );
});
