import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { migratorOf } from '../../../test/migrations';
import { PlaysRepository } from '../../modules/songs/plays.repository';
import { migrateToLatest } from '../database';

/** Plays recorded before listeners' statistics were counted: the upgrade counts them in UTC. */

let t: TestApp;
let listener: CreatedUser;
let other: CreatedUser;

type Row = { period: string; kind: string; item: string; plays: number; seconds: number };

async function totalsOf(who: CreatedUser): Promise<Row[]> {
  const rows = await t.database.db
    .selectFrom('listening_totals')
    .select(['period', 'kind', 'item', 'plays', 'seconds', 'first_day'])
    .where('user_id', '=', who.user._id)
    .orderBy('period')
    .orderBy('kind')
    .orderBy('item')
    .execute();
  return rows.map((row) => ({ ...row, plays: Number(row.plays), seconds: Number(row.seconds) }));
}

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  other = await createUser(t);
  const first = (await createSong(t, { artist: 'Ada', duration: 61, genres: ['Jazz', 'Soul'] }))
    .song._id;
  const second = (await createSong(t, { artist: 'Ben', album: null, duration: 7 })).song._id;
  const { error } = await migratorOf(t).migrateTo('2026-12-17-listening-imports');
  if (error) throw new Error('The database could not go back.', { cause: error });
  const plays = [
    [listener, first, '2024-12-31T23:59:59.000Z'], // a Tuesday
    [listener, first, '2025-01-01T00:00:00.000Z'],
    [listener, second, '2025-03-02T13:05:00.000Z'], // a Sunday
    [other, second, '2025-03-02T13:05:00.000Z'],
  ] as const;
  for (const [who, song, playedAt] of plays)
    await t.database.db
      .insertInto('plays')
      .values({ user_id: who.user._id, song_id: song, played_at: playedAt })
      .execute();
  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(() => t.close());

describe('upgrading to counted statistics', () => {
  it('counts the plays made before exactly as plays counted one by one would be', async () => {
    const upgraded = await totalsOf(listener);
    expect(upgraded.filter((row) => row.kind === 'total')).toEqual([
      { period: 'all', kind: 'total', item: '', plays: 3, seconds: 129, first_day: null },
      { period: 'm2024-12', kind: 'total', item: '', plays: 1, seconds: 61, first_day: null },
      { period: 'm2025-01', kind: 'total', item: '', plays: 1, seconds: 61, first_day: null },
      { period: 'm2025-03', kind: 'total', item: '', plays: 1, seconds: 7, first_day: null },
      { period: 'y2024', kind: 'total', item: '', plays: 1, seconds: 61, first_day: null },
      { period: 'y2025', kind: 'total', item: '', plays: 2, seconds: 68, first_day: null },
    ]);
    expect(
      upgraded.filter((row) => row.period === 'all' && ['hour', 'weekday'].includes(row.kind)),
    ).toEqual([
      { period: 'all', kind: 'hour', item: '00', plays: 1, seconds: 61, first_day: null },
      { period: 'all', kind: 'hour', item: '13', plays: 1, seconds: 7, first_day: null },
      { period: 'all', kind: 'hour', item: '23', plays: 1, seconds: 61, first_day: null },
      { period: 'all', kind: 'weekday', item: '1', plays: 1, seconds: 61, first_day: null },
      { period: 'all', kind: 'weekday', item: '2', plays: 1, seconds: 61, first_day: null },
      { period: 'all', kind: 'weekday', item: '6', plays: 1, seconds: 7, first_day: null },
    ]);
    expect(
      upgraded.filter((row) => row.kind === 'genre' && row.period === 'all').length,
    ).toBeGreaterThanOrEqual(2);

    await new PlaysRepository(t.database.db).rebuildTotals(listener.user._id);
    expect(await totalsOf(listener)).toEqual(upgraded);
    const others = await totalsOf(other);
    await new PlaysRepository(t.database.db).rebuildTotals(other.user._id);
    expect(await totalsOf(other)).toEqual(others);
  });
});
