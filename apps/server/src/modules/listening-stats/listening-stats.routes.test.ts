import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PlaysRepository } from '../songs/plays.repository';

/**
 * A listener in New York (UTC−5 in winter, −4 in summer) with plays across three years, some
 * near midnight, whose figures below were worked out by hand from the table of plays.
 */

let t: TestApp;
let listener: CreatedUser;
let aurora: string; // Lia Park, album North, 200 s, Synthpop
let breaker: string; // Lia Park, album North, 100 s, Synthpop + Dance
let cinder: string; // Orla, album Ash, 300 s, Folk

// Now: 2026-11-30 15:00 UTC, 10:00 in New York.
const NOW = new Date('2026-11-30T15:00:00.000Z');

type Body = { data: Record<string, unknown> } & Record<string, unknown>;
const get = async (who: CreatedUser, url: string): Promise<Body> => {
  const response = await t.app.inject({ url, headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const ids = (list: unknown, key: string) =>
  (list as Record<string, { _id: string }>[]).map((entry) => entry[key]?._id);
const figures = (list: unknown) =>
  (list as { plays: number; seconds: number }[]).map(({ plays, seconds }) => [plays, seconds]);

async function play(who: CreatedUser, songId: string, ...times: string[]) {
  await new PlaysRepository(t.database.db).record(
    who.user._id,
    times.map((playedAt) => ({ songId, playedAt })),
  );
}

async function setZone(who: CreatedUser, timeZone: string) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/user/time-zone',
    headers: who.headers,
    payload: { timeZone },
  });
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  listener = await createUser(t);
  const song = async (
    title: string,
    artist: string,
    album: string,
    duration: number,
    genres: string[],
  ) => (await createSong(t, { title, artist, album, duration, genres })).song._id;
  aurora = await song('Aurora', 'Lia Park', 'North', 200, ['Synthpop']);
  breaker = await song('Breaker', 'Lia Park', 'North', 100, ['Synthpop', 'Dance']);
  cinder = await song('Cinder', 'Orla', 'Ash', 300, ['Folk']);
  // Before a time zone is chosen the days are UTC's.
  await play(listener, aurora, '2024-12-31T23:30:00.000Z'); // NY Tue 31 Dec 2024 18:30
  await play(listener, breaker, '2025-01-01T03:30:00.000Z'); // NY Tue 31 Dec 2024 22:30
  await play(listener, aurora, '2025-01-01T05:30:00.000Z'); // NY Wed 1 Jan 2025 00:30
  await play(listener, cinder, '2025-01-02T14:00:00.000Z'); // NY Thu 2 Jan 09:00
});
afterAll(() => t.close());

describe("a listener's statistics", () => {
  it('counts days in UTC until a time zone is chosen, and again in the zone once it is', async () => {
    expect((await get(listener, '/api/user/time-zone')).data).toEqual({
      timeZone: 'UTC',
      chosen: false,
    });
    const utc = await get(listener, '/api/user/stats/years');
    expect(utc.data.years).toEqual([
      { year: 2025, plays: 3, seconds: 600 },
      { year: 2024, plays: 1, seconds: 200 },
    ]);

    const set = await setZone(listener, 'america/new_york');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ timeZone: 'America/New_York', chosen: true });
    const local = await get(listener, '/api/user/stats/years');
    expect(local.data.years).toEqual([
      { year: 2025, plays: 2, seconds: 500 },
      { year: 2024, plays: 2, seconds: 300 },
    ]);

    // The rest of the plays, written with the zone chosen.
    await play(listener, aurora, '2025-01-03T14:00:00.000Z'); // NY Fri 3 Jan 09:00
    await play(listener, cinder, '2025-07-04T02:00:00.000Z'); // NY Thu 3 Jul 22:00 (UTC−4)
    await play(listener, aurora, '2025-11-30T03:00:00.000Z'); // NY Sat 29 Nov 22:00
    await play(listener, cinder, '2025-11-30T20:00:00.000Z'); // NY Sun 30 Nov 15:00
    await play(listener, breaker, '2026-11-29T04:00:00.000Z'); // NY Sat 28 Nov 23:00
    await play(listener, aurora, '2026-11-29T16:00:00.000Z'); // NY Sun 29 Nov 11:00
    await play(listener, breaker, '2026-11-30T12:00:00.000Z'); // NY Mon 30 Nov 07:00
  });

  it('tells this month: totals, top lists, hours, weekdays, streaks and where to go next', async () => {
    const { data } = await get(listener, '/api/user/stats');
    expect(data).toMatchObject({
      period: 'month',
      from: '2026-11-01',
      to: '2026-11-30',
      previousAt: '2025-11-30',
      nextAt: null,
      timeZone: 'America/New_York',
      totals: { plays: 3, seconds: 400, days: 3, songs: 2, artists: 1 },
      longestStreak: { days: 3, from: '2026-11-28', to: '2026-11-30' },
      currentStreak: { days: 3, from: '2026-11-28', to: '2026-11-30' },
      discoveries: { artistCount: 0, songCount: 0, artists: [] },
    });
    expect(ids(data.topSongs, 'song')).toEqual([breaker, aurora]);
    expect(figures(data.topSongs)).toEqual([
      [2, 200],
      [1, 200],
    ]);
    expect((data.topArtists as { artist: { name: string } }[])[0]?.artist.name).toBe('Lia Park');
    expect((data.topGenres as { genre: { name: string } }[]).map((g) => g.genre.name)).toEqual([
      'Synthpop',
      'Dance',
    ]);
    expect(figures(data.topGenres)).toEqual([
      [3, 400],
      [2, 200],
    ]);
    const hours = new Array<number>(24).fill(0);
    hours[7] = 100;
    hours[11] = 200;
    hours[23] = 100;
    expect(data.byHour).toEqual(hours);
    expect(data.byWeekday).toEqual([100, 0, 0, 0, 0, 100, 200]);
  });

  it('tells a week, Monday to Sunday, from its plays', async () => {
    const week = (await get(listener, '/api/user/stats?period=week&at=2026-11-29')).data;
    expect(week).toMatchObject({
      from: '2026-11-23',
      to: '2026-11-29',
      previousAt: '2025-11-30',
      nextAt: '2026-11-30',
      totals: { plays: 2, seconds: 300, days: 2, songs: 2, artists: 1 },
      longestStreak: { days: 2, from: '2026-11-28', to: '2026-11-29' },
    });
    expect(ids(week.topSongs, 'song')).toEqual([aurora, breaker]);
    expect(week.byWeekday).toEqual([0, 0, 0, 0, 0, 100, 200]);
    const thisWeek = (await get(listener, '/api/user/stats?period=week')).data;
    expect(thisWeek).toMatchObject({
      from: '2026-11-30',
      to: '2026-12-06',
      nextAt: null,
      totals: { plays: 1, seconds: 100, days: 1 },
    });
  });

  it('tells a year and all time, with discoveries and a streak across New Year', async () => {
    const year = (await get(listener, '/api/user/stats?period=year&at=2025-06-01')).data;
    expect(year).toMatchObject({
      from: '2025-01-01',
      to: '2025-12-31',
      previousAt: '2024-12-31',
      nextAt: '2026-11-28',
      totals: { plays: 6, seconds: 1500, days: 6, songs: 2, artists: 2 },
      longestStreak: { days: 3, from: '2025-01-01', to: '2025-01-03' },
      discoveries: { artistCount: 1, songCount: 1 },
    });
    expect(ids(year.topSongs, 'song')).toEqual([cinder, aurora]);
    expect(figures(year.topSongs)).toEqual([
      [3, 900],
      [3, 600],
    ]);
    const found = (
      year.discoveries as { artists: { artist: { name: string }; firstPlayed: string }[] }
    ).artists;
    expect(found.map((a) => [a.artist.name, a.firstPlayed])).toEqual([['Orla', '2025-01-02']]);

    const all = (await get(listener, '/api/user/stats?period=all')).data;
    expect(all).toMatchObject({
      from: null,
      to: null,
      previousAt: null,
      nextAt: null,
      totals: { plays: 11, seconds: 2200, days: 10, songs: 3, artists: 2 },
      longestStreak: { days: 4, from: '2024-12-31', to: '2025-01-03' },
      discoveries: { artistCount: 2, songCount: 3 },
    });
    expect(ids(all.topSongs, 'song')).toEqual([aurora, cinder, breaker]);
    expect(figures(all.topArtists)).toEqual([
      [8, 1300],
      [3, 900],
    ]);
    expect(ids(all.topAlbums, 'album')).toHaveLength(2);
  });

  it('plays each list as a queue', async () => {
    const queue = async (query: string) =>
      ((await get(listener, `/api/user/stats/queue?${query}`)).data.songs as { _id: string }[]).map(
        (song) => song._id,
      );
    expect(await queue('list=songs')).toEqual([breaker, aurora]);
    expect(await queue('period=year&at=2025-03-01&list=artists')).toEqual([cinder, aurora]);
    expect(await queue('period=year&at=2025-03-01&list=discoveries')).toEqual([cinder]);
    expect(await queue('period=week&at=2026-11-29&list=genres')).toEqual([aurora, breaker]);
  });

  it('tells a year in music', async () => {
    const { data } = await get(listener, '/api/user/stats/years/2025');
    expect(data).toMatchObject({
      year: 2025,
      totals: { plays: 6, seconds: 1500, days: 6, songs: 2, artists: 2 },
      busiestDay: { day: '2025-01-02', plays: 1, seconds: 300 },
      favouriteHour: 9,
      favouriteWeekday: 3,
      longestStreak: { days: 3, from: '2025-01-01', to: '2025-01-03' },
    });
    const months = data.months as { month: string; plays: number; seconds: number }[];
    expect(months.filter((m) => m.plays > 0)).toEqual([
      { month: '2025-01', plays: 3, seconds: 700 },
      { month: '2025-07', plays: 1, seconds: 300 },
      { month: '2025-11', plays: 2, seconds: 500 },
    ]);
    expect(months).toHaveLength(12);
    const empty = (await get(listener, '/api/user/stats/years/2019')).data;
    expect(empty).toMatchObject({
      totals: { plays: 0, seconds: 0, days: 0 },
      busiestDay: null,
      favouriteHour: null,
      topSongs: [],
    });
  });

  it('shows on this day what was played on this date in earlier years and albums released on it', async () => {
    const [ash, north] = await Promise.all(
      [cinder, aurora].map(async (id) =>
        t.database.db
          .selectFrom('songs')
          .select('album_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      ),
    );
    await t.database.db
      .updateTable('albums')
      .set({ release_date: '1994-11-30' })
      .where('id', '=', ash?.album_id ?? '')
      .execute();
    await t.database.db
      .updateTable('albums')
      .set({ release_date: '2026-11-30' })
      .where('id', '=', north?.album_id ?? '')
      .execute();
    const { data } = await get(listener, '/api/user/on-this-day');
    expect(data.day).toBe('2026-11-30');
    const played = data.played as { year: number; songs: { _id: string }[] }[];
    // The play at 03:00 UTC on 30 Nov 2025 was on the 29th in New York.
    expect(played.map((p) => [p.year, p.songs.map((s) => s._id)])).toEqual([[2025, [cinder]]]);
    expect((data.released as { _id: string }[]).map((a) => a._id)).toEqual([ash?.album_id]);
  });

  it('takes a removed play out of every figure and finds an artist’s first day again', async () => {
    const history = (await get(listener, '/api/user/history?limit=50')).data as unknown as {
      id: string;
      playedAt: string;
    }[];
    const remove = async (playedAt: string) => {
      const entry = history.find((e) => e.playedAt === playedAt);
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/history/${entry?.id}`,
        headers: listener.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await remove('2024-12-31T23:30:00.000Z');
    await remove('2025-01-01T03:30:00.000Z');
    const years = (await get(listener, '/api/user/stats/years')).data.years;
    expect(years).toEqual([
      { year: 2026, plays: 3, seconds: 400 },
      { year: 2025, plays: 6, seconds: 1500 },
    ]);
    const year = (await get(listener, '/api/user/stats?period=year&at=2025-01-01')).data;
    expect(year.discoveries).toMatchObject({ artistCount: 2, songCount: 2 });
    // Each discovery with its plays in the period: Lia Park has 6 in all, 3 of them in 2025.
    const discovered = (
      year.discoveries as { artists: { artist: { name: string }; plays: number }[] }
    ).artists.map((a) => [a.artist.name, a.plays]);
    expect(discovered).toEqual([
      ['Orla', 3],
      ['Lia Park', 3],
    ]);
    const all = (await get(listener, '/api/user/stats?period=all')).data;
    expect(all).toMatchObject({
      totals: { plays: 9, seconds: 1900, days: 9 },
      longestStreak: { days: 3, from: '2025-01-01', to: '2025-01-03' },
    });
  });

  it('refuses a bad period, day, year or time zone with a reason', async () => {
    const bad = async (url: string, field: string) => {
      const response = await t.app.inject({ url, headers: listener.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.body).toContain(field);
    };
    await bad('/api/user/stats?period=decade', 'period must be one of');
    await bad('/api/user/stats?at=2025-02-30', 'at must be a day');
    await bad('/api/user/stats/queue?list=moods', 'list must be one of');
    await bad('/api/user/stats/years/12', 'year must be from 1970');
    for (const zone of ['Mars/Olympus', '../../etc', '', 'x'.repeat(65)]) {
      const response = await setZone(listener, zone);
      expect(response.statusCode, zone).toBe(400);
      expect(response.json().message).toMatch(/time zone/);
    }
    const anonymous = await t.app.inject({ url: '/api/user/stats' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("never shows one listener another's figures", async () => {
    const other = await createUser(t);
    const { data } = await get(other, '/api/user/stats?period=all');
    expect(data).toMatchObject({ totals: { plays: 0, seconds: 0, days: 0 }, topSongs: [] });
    expect((await get(other, '/api/user/on-this-day')).data.played).toEqual([]);
  });
});
