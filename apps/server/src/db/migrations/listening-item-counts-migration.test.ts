import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { migratorOf } from '../../../test/migrations';
import { PlaysRepository } from '../../modules/songs/plays.repository';
import { migrateToLatest } from '../database';

/** Statistics counted before their item counts were kept: the upgrade counts the items. */

let t: TestApp;
let listener: CreatedUser;
let other: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  other = await createUser(t);
  const plays = new PlaysRepository(t.database.db);
  const jazz = await createSong(t, { artist: 'Ada', genres: ['Jazz', 'Soul'] });
  const rock = await createSong(t, { artist: 'Ben', genres: ['Rock'] });
  await plays.record(listener.user._id, [
    { songId: jazz.song._id, playedAt: '2024-12-31T23:59:59.000Z' },
    { songId: jazz.song._id, playedAt: '2025-01-01T00:00:00.000Z' },
    { songId: rock.song._id, playedAt: '2025-03-02T13:05:00.000Z' },
  ]);
  await plays.record(other.user._id, [
    { songId: rock.song._id, playedAt: '2025-03-02T13:05:00.000Z' },
  ]);
  const { error } = await migratorOf(t).migrateTo('2026-12-26-song-release-facts');
  if (error) throw new Error('The database could not go back.', { cause: error });
  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(() => t.close());

async function itemCounts(who: CreatedUser): Promise<Record<string, number>> {
  const rows = await t.database.db
    .selectFrom('listening_item_counts')
    .select(['period', 'kind', 'items'])
    .where('user_id', '=', who.user._id)
    .execute();
  return Object.fromEntries(rows.map((row) => [`${row.period} ${row.kind}`, Number(row.items)]));
}

describe('upgrading to kept item counts', () => {
  it('counts the items every listener’s statistics already hold', async () => {
    expect(await itemCounts(listener)).toMatchObject({
      'all song': 2,
      'all artist': 2,
      'all genre': 3,
      'all day': 3,
      'all total': 1,
      'y2025 song': 2,
      'y2024 genre': 2,
      'm2025-03 artist': 1,
    });
    expect(await itemCounts(other)).toMatchObject({ 'all song': 1, 'all day': 1 });
  });
});
