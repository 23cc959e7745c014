import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PlaysRepository } from './plays.repository';

/** How many items each period and kind holds, kept beside `listening_totals` with each play. */

let t: TestApp;
let plays: PlaysRepository;

beforeAll(async () => {
  t = await createTestApp();
  plays = new PlaysRepository(t.database.db);
});
afterAll(() => t.close());

type Counted = Record<string, number>;

async function kept(who: CreatedUser): Promise<Counted> {
  const rows = await t.database.db
    .selectFrom('listening_item_counts')
    .select(['period', 'kind', 'items'])
    .where('user_id', '=', who.user._id)
    .where('items', '<>', 0)
    .execute();
  return Object.fromEntries(rows.map((row) => [`${row.period} ${row.kind}`, Number(row.items)]));
}

async function counted(who: CreatedUser): Promise<Counted> {
  const rows = await t.database.db
    .selectFrom('listening_totals')
    .select(['period', 'kind', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('user_id', '=', who.user._id)
    .groupBy(['period', 'kind'])
    .execute();
  return Object.fromEntries(rows.map((row) => [`${row.period} ${row.kind}`, Number(row.n)]));
}

async function playIds(who: CreatedUser): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('plays')
    .select('id')
    .where('user_id', '=', who.user._id)
    .orderBy('played_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

describe('kept item counts', () => {
  it('follow plays added one by one and in batches, removed, and counted again in a new time zone', async () => {
    const listener = await createUser(t);
    const other = await createUser(t);
    const ada = await createSong(t, { artist: 'Ada', album: 'One', genres: ['Jazz', 'Soul'] });
    const adaAgain = await createSong(t, { artist: 'Ada', album: 'One', genres: ['Jazz'] });
    const ben = await createSong(t, { artist: 'Ben', album: null, genres: ['Rock'] });
    const id = (created: { song: { _id: string } }) => created.song._id;

    await plays.record(listener.user._id, [
      { songId: id(ada), playedAt: '2024-12-31T23:30:00.000Z' },
    ]);
    await plays.record(listener.user._id, [
      { songId: id(ada), playedAt: '2025-01-01T00:10:00.000Z' },
      { songId: id(adaAgain), playedAt: '2025-01-01T09:00:00.000Z' },
      { songId: id(ben), playedAt: '2025-03-02T13:05:00.000Z' },
      { songId: id(ben), playedAt: '2025-03-02T13:09:00.000Z' },
    ]);
    await plays.record(other.user._id, [{ songId: id(ben), playedAt: '2025-03-02T13:05:00.000Z' }]);

    const afterPlays = await kept(listener);
    expect(afterPlays).toEqual(await counted(listener));
    expect(afterPlays).toMatchObject({
      'all song': 3,
      'all artist': 2,
      'all genre': 3,
      'all day': 3,
      'y2025 song': 3,
      'y2024 song': 1,
      'm2025-03 song': 1,
    });
    expect(await kept(other)).toEqual({ ...(await counted(other)), 'all song': 1 });

    // The only play of 2024 goes, and with it every item of that year and month.
    const [first, , , benFirst] = await playIds(listener);
    await plays.remove(listener.user._id, first ?? 0);
    expect(await kept(listener)).toEqual(await counted(listener));
    expect(await kept(listener)).not.toHaveProperty('y2024 song');
    // A play of a song played again elsewhere leaves the song counted.
    await plays.remove(listener.user._id, benFirst ?? 0);
    expect(await kept(listener)).toEqual(await counted(listener));
    expect((await kept(listener))['all song']).toBe(3);

    // In Tokyo the New Year's Eve play and the first of January move a day on.
    await plays.record(listener.user._id, [
      { songId: id(ada), playedAt: '2024-12-31T20:00:00.000Z' },
    ]);
    await t.database.db
      .updateTable('users')
      .set({ time_zone: 'Asia/Tokyo' })
      .where('id', '=', listener.user._id)
      .execute();
    await plays.rebuildTotals(listener.user._id);
    const rebuilt = await kept(listener);
    expect(rebuilt).toEqual(await counted(listener));
    expect(rebuilt).not.toHaveProperty('y2024 song');
    expect(rebuilt['y2025 day']).toBe(2);
  });

  it('stay exact when the same listener’s plays of a new song are written at once', async () => {
    const listener = await createUser(t);
    const songs = await Promise.all([1, 2, 3].map(() => createSong(t)));
    await Promise.all(
      songs.flatMap(({ song }, index) =>
        [0, 1].map((minute) =>
          plays.record(listener.user._id, [
            { songId: song._id, playedAt: `2025-05-0${index + 1}T10:0${minute}:00.000Z` },
          ]),
        ),
      ),
    );
    const now = await kept(listener);
    expect(now).toEqual(await counted(listener));
    expect(now['all song']).toBe(3);
  });
});
