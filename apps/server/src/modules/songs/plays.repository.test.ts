import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { songPlayCount } from '../../../test/play-counts';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { toIso } from '../../db/schema';
import { PlaysRepository } from './plays.repository';

let t: TestApp;
let plays: PlaysRepository;

const day = (n: number) => new Date(Date.UTC(2024, 0, n, 12)).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  plays = new PlaysRepository(t.database.db);
});
afterAll(() => t.close());

async function keptFor(who: CreatedUser, songId: string) {
  const row = await t.database.db
    .selectFrom('last_plays')
    .innerJoin('plays', 'plays.id', 'last_plays.play_id')
    .select(['last_plays.played_at', 'last_plays.play_count', 'plays.played_at as play_time'])
    .where('last_plays.user_id', '=', who.user._id)
    .where('last_plays.song_id', '=', songId)
    .executeTakeFirstOrThrow();
  return {
    lastPlayed: toIso(row.played_at),
    count: Number(row.play_count),
    playOfLast: toIso(row.play_time),
  };
}

describe('recording plays', () => {
  it('counts every play, while a play older than the last one leaves the last one standing', async () => {
    const listener = await createUser(t);
    const { song } = await createSong(t);
    expect(await plays.record(listener.user._id, [{ songId: song._id, playedAt: day(10) }])).toBe(
      1,
    );
    expect(
      await plays.record(listener.user._id, [
        { songId: song._id, playedAt: day(3) },
        { songId: song._id, playedAt: day(5) },
      ]),
    ).toBe(2);
    expect(await keptFor(listener, song._id)).toEqual({
      lastPlayed: day(10),
      count: 3,
      playOfLast: day(10),
    });
    await plays.record(listener.user._id, [{ songId: song._id, playedAt: day(11) }]);
    expect(await keptFor(listener, song._id)).toEqual({
      lastPlayed: day(11),
      count: 4,
      playOfLast: day(11),
    });
    const artist = await t.database.db
      .selectFrom('artist_plays')
      .select(['play_count', 'last_played_at'])
      .where('user_id', '=', listener.user._id)
      .executeTakeFirstOrThrow();
    expect({ count: artist.play_count, last: toIso(artist.last_played_at) }).toEqual({
      count: 4,
      last: day(11),
    });
    expect(await songPlayCount(t, song._id)).toBe(4);
  });

  it('leaves out a play of a song that is gone and writes the others', async () => {
    const listener = await createUser(t);
    const { song } = await createSong(t);
    const written = await plays.record(listener.user._id, [
      { songId: 'no-such-song', playedAt: day(1) },
      { songId: song._id, playedAt: day(2) },
    ]);
    expect(written).toBe(1);
    expect((await keptFor(listener, song._id)).count).toBe(1);
  });
});

describe('removing a play', () => {
  async function counts(who: CreatedUser, songId: string) {
    const db = t.database.db;
    const last = await db
      .selectFrom('last_plays')
      .select(['played_at', 'play_count'])
      .where('user_id', '=', who.user._id)
      .where('song_id', '=', songId)
      .executeTakeFirst();
    const artist = await db
      .selectFrom('artist_plays')
      .select(['play_count', 'last_played_at'])
      .where('user_id', '=', who.user._id)
      .executeTakeFirst();
    return {
      song: await songPlayCount(t, songId),
      last: last ? { at: toIso(last.played_at), count: Number(last.play_count) } : null,
      artist: artist
        ? { at: toIso(artist.last_played_at), count: Number(artist.play_count) }
        : null,
    };
  }

  async function playIds(who: CreatedUser) {
    const rows = await t.database.db
      .selectFrom('plays')
      .select(['id', 'played_at'])
      .where('user_id', '=', who.user._id)
      .orderBy('played_at')
      .execute();
    return rows.map((row) => Number(row.id));
  }

  it('takes the play out of every count, moving the last play back and dropping rows at zero', async () => {
    const listener = await createUser(t);
    const { song } = await createSong(t);
    await plays.record(listener.user._id, [
      { songId: song._id, playedAt: day(1) },
      { songId: song._id, playedAt: day(2) },
    ]);
    const [first, second] = await playIds(listener);
    expect(await plays.remove(listener.user._id, second ?? 0)).toBe(true);
    expect(await counts(listener, song._id)).toEqual({
      song: 1,
      last: { at: day(1), count: 1 },
      artist: { at: day(1), count: 1 },
    });
    expect(await keptFor(listener, song._id)).toMatchObject({ playOfLast: day(1) });
    expect(await plays.remove(listener.user._id, first ?? 0)).toBe(true);
    expect(await counts(listener, song._id)).toEqual({ song: 0, last: null, artist: null });
  });

  it('answers false for a play that is not the listener’s, and changes nothing', async () => {
    const listener = await createUser(t);
    const other = await createUser(t);
    const { song } = await createSong(t);
    await plays.record(listener.user._id, [{ songId: song._id, playedAt: day(4) }]);
    const [only] = await playIds(listener);
    expect(await plays.remove(other.user._id, only ?? 0)).toBe(false);
    expect(await plays.remove(listener.user._id, 999_999_999)).toBe(false);
    expect((await counts(listener, song._id)).song).toBe(1);
  });
});
