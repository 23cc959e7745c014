import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSong } from '../../../test/songs';
import type { DatabaseHandle } from '../../db/database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { QueryCounter } from '../../../test/query-plugins';
import { searchServiceOver } from './search-over';

/** Word searches that may read far more than they answer run as long reads: on SQLite, off the server's thread. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createSong(t, { title: 'Longer Than The Night' });
});
afterAll(() => t.close());

/** Runs a search through counted connections: how many queries each ran. */
async function queriesOf(text: string) {
  const main = new QueryCounter();
  const long = new QueryCounter();
  const counted: DatabaseHandle = {
    ...t.database,
    db: t.database.db.withPlugin(main),
    longReads: t.database.longReads.withPlugin(long),
  };
  await searchServiceOver(counted).songs(text);
  return { main: main.count, long: long.count };
}

describe('the song search', () => {
  it.each(['the l', 'a', 'ni ght'])(
    'reads a word search with a word of one or two letters (%s) as long reads only',
    async (text) => {
      const { main, long } = await queriesOf(text);
      expect(long).toBeGreaterThan(0);
      expect(main).toBe(0);
    },
  );

  it.each(['night', 'longer night', '夜', 'ght'])(
    'reads %s on the server’s connection, bounded as it is',
    async (text) => {
      const { main, long } = await queriesOf(text);
      expect(main).toBeGreaterThan(0);
      expect(long).toBe(0);
    },
  );

  it('finds through them what was just written', async () => {
    const songs = await searchServiceOver(t.database).songs('longer night');
    expect(songs.map((song) => song.title)).toEqual(['Longer Than The Night']);
  });
});
