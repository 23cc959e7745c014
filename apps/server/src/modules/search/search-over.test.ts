import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSong } from '../../../test/songs';
import type { DatabaseHandle } from '../../db/database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { searchServiceOver } from './search-over';

/** The song search runs as long reads: on SQLite, off the server's thread. */

class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createSong(t, { title: 'Longer Than The Night' });
});
afterAll(() => t.close());

describe('the song search', () => {
  it.each(['the l', 'night', '夜'])('reads %s through the long reads only', async (text) => {
    const main = new QueryCounter();
    const long = new QueryCounter();
    const counted: DatabaseHandle = {
      ...t.database,
      db: t.database.db.withPlugin(main),
      longReads: t.database.longReads.withPlugin(long),
    };
    const search = searchServiceOver(counted);
    await search.songs(text);
    expect(long.count).toBeGreaterThan(0);
    expect(main.count).toBe(0);
  });

  it('finds through them what was just written', async () => {
    const songs = await searchServiceOver(t.database).songs('longer night');
    expect(songs.map((song) => song.title)).toEqual(['Longer Than The Night']);
  });
});
