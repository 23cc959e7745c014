import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSong } from '../../../test/songs';
import type { DatabaseHandle } from '../../db/database';
import { onPostgres } from '../../../test/dialects';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { QueryCounter } from '../../../test/query-plugins';
import { searchServiceOver } from './search-over';

/**
 * A search that matches nothing costs no more than one that matches: on PostgreSQL a word found
 * in no song ends the search after the first recent read, without a read per group or the
 * substring retry's reads. The answers are what they were.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createSong(t, { title: 'Longer Than The Night', artist: 'Moonwalkers' });
  await createSong(t, { title: '東京の夜', artist: 'Sakura' });
});
afterAll(() => t.close());

async function searched(text: string) {
  const counter = new QueryCounter();
  const counted: DatabaseHandle = {
    ...t.database,
    db: t.database.db.withPlugin(counter),
    longReads: t.database.longReads.withPlugin(counter),
  };
  const songs = await searchServiceOver(counted).songs(text);
  return { titles: songs.map((song) => song.title), queries: counter.count };
}

describe('a search that matches nothing', () => {
  it.each([
    ['blorptune', []],
    ['ラーメン屋台', []],
    ['night blorptune', []],
    ['moonwalkers sakura', []],
    ['onwalk', ['Longer Than The Night']],
    ['night moon', ['Longer Than The Night']],
    ['東京の', ['東京の夜']],
  ])('answers %s as before', async (text, titles) => {
    expect((await searched(text)).titles).toEqual(titles);
  });

  onPostgres.it('reads no group on PostgreSQL once a word is found nowhere', async () => {
    // The first recent read and the probe, for words then for substrings.
    expect((await searched('blorptune')).queries).toBe(4);
    expect((await searched('night blorptune')).queries).toBe(4);
    expect((await searched('ラーメン屋台')).queries).toBe(2);
  });
});
