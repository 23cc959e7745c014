import { sql, type Kysely } from 'kysely';
import { atomicallyRetrying, forShare, forUpdate } from '../../db/atomic';
import { chunks } from '../../db/chunks';
import { toIso, type Database } from '../../db/schema';
import type { ListenedSong, TimedPlay } from '../../domain/listening-totals';
import {
  addToListeningTotals,
  listenedSongs,
  rebuildListeningTotals,
  takeFromListeningTotals,
} from './listening-totals.repository';

/** A play to write: which song, and when it was played (ISO-8601, possibly long ago). */
export interface PlayToRecord {
  readonly songId: string;
  readonly playedAt: string;
}

/**
 * Writes plays together with every count kept beside them: the song's play count
 * (`song_play_totals`), the listener's last play and play count of the song (`last_plays`) and
 * their plays of its main artists (`artist_plays`). A play may be older than the ones already
 * kept (a history brought along), so the last-played times only ever move forward. Many plays
 * are written a few statements per few hundred plays, not a few per play: a history of thousands
 * is one batch.
 */
export class PlaysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records the plays in one transaction (or the caller's) and answers how many were written;
   * a play of a song that no longer exists is left out.
   */
  record(userId: string, plays: readonly PlayToRecord[]): Promise<number> {
    if (plays.length === 0) return Promise.resolve(0);
    return atomicallyRetrying(this.db, async (trx) => {
      const existing = await existingSongs(trx, [...new Set(plays.map((p) => p.songId))]);
      const kept = plays.filter((play) => existing.has(play.songId));
      if (kept.length === 0) return 0;
      const written = await insertPlays(trx, userId, kept);
      await addToSongCounts(trx, written);
      await addToLastPlays(trx, userId, written);
      await addToArtistPlays(trx, userId, written);
      await addToListeningTotals(trx, userId, written);
      return written.length;
    });
  }

  /**
   * Removes one of the listener's plays and takes it out of every count in the same
   * transaction: the song's play count, the listener's last play of the song (which moves back
   * to the play before, or goes with the last one) and their plays of its main artists (whose
   * last time is found again; the row goes at zero). False when the listener has no such play.
   */
  remove(userId: string, playId: number): Promise<boolean> {
    return atomicallyRetrying(this.db, async (trx) => {
      const play = await forUpdate(
        trx,
        trx
          .selectFrom('plays')
          .select(['id', 'song_id', 'played_at'])
          .where('id', '=', playId)
          .where('user_id', '=', userId),
      ).executeTakeFirst();
      if (!play) return false;
      const playedAt = toIso(play.played_at);
      await trx.deleteFrom('plays').where('id', '=', playId).execute();
      await trx
        .updateTable('song_play_totals')
        .set({ play_count: sql<number>`case when play_count > 0 then play_count - 1 else 0 end` })
        .where('song_id', '=', play.song_id)
        .execute();
      await takeFromLastPlay(trx, userId, play.song_id);
      await takeFromArtistPlays(trx, userId, play.song_id, playedAt);
      await takeFromListeningTotals(trx, userId, { songId: play.song_id, playedAt });
      return true;
    });
  }

  /**
   * The listener's plays from `from` (included) to `to` (excluded), ISO times, and what each of
   * their songs counts under: a week's statistics are folded from these (a week holds few).
   */
  async listenedBetween(
    userId: string,
    from: string,
    to: string,
  ): Promise<{ plays: TimedPlay[]; songs: Map<string, ListenedSong> }> {
    const rows = await this.db
      .selectFrom('plays')
      .select(['song_id', 'played_at'])
      .where('user_id', '=', userId)
      .where('played_at', '>=', from)
      .where('played_at', '<', to)
      .execute();
    const plays = rows.map((row) => ({ songId: row.song_id, playedAt: toIso(row.played_at) }));
    return {
      plays,
      songs: await listenedSongs(
        this.db,
        plays.map((play) => play.songId),
      ),
    };
  }

  /**
   * Counts the listener's statistics again from every play they have, in their time zone as it
   * is now (in the caller's transaction, or one of its own).
   */
  rebuildTotals(userId: string): Promise<void> {
    return atomicallyRetrying(this.db, (trx) => rebuildListeningTotals(trx, userId));
  }
}

interface WrittenPlay {
  readonly id: number;
  readonly songId: string;
  readonly playedAt: string;
}

async function existingSongs(trx: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    // Shared locks: a song cannot go between this read and its plays' writes.
    const rows = await forShare(
      trx,
      trx.selectFrom('songs').select('id').where('id', 'in', part),
    ).execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

async function insertPlays(
  trx: Kysely<Database>,
  userId: string,
  plays: readonly PlayToRecord[],
): Promise<WrittenPlay[]> {
  const written: WrittenPlay[] = [];
  for (const part of chunks(plays)) {
    const rows = await trx
      .insertInto('plays')
      .values(part.map((p) => ({ user_id: userId, song_id: p.songId, played_at: p.playedAt })))
      .returning(['id', 'song_id', 'played_at'])
      .execute();
    for (const row of rows)
      written.push({ id: Number(row.id), songId: row.song_id, playedAt: toIso(row.played_at) });
  }
  return written;
}

/** Per song: how many plays, and the newest of them (by time, then id). */
function perSong(
  plays: readonly WrittenPlay[],
): Map<string, { count: number; newest: WrittenPlay }> {
  const songs = new Map<string, { count: number; newest: WrittenPlay }>();
  for (const play of plays) {
    const seen = songs.get(play.songId);
    if (!seen) songs.set(play.songId, { count: 1, newest: play });
    else {
      seen.count += 1;
      if (isNewer(play, seen.newest)) seen.newest = play;
    }
  }
  return songs;
}

function isNewer(a: WrittenPlay, b: WrittenPlay): boolean {
  return a.playedAt > b.playedAt || (a.playedAt === b.playedAt && a.id > b.id);
}

/**
 * Adds each song's plays to its count in `song_play_totals`, a table of its own: a new version
 * of a `songs` row takes an entry in every index of songs, the search ones among them (about a
 * millisecond a song on PostgreSQL). In song order, so that two transactions writing the same
 * songs lock them alike.
 */
async function addToSongCounts(trx: Kysely<Database>, plays: readonly WrittenPlay[]) {
  const ordered = [...perSong(plays)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const part of chunks(ordered)) {
    await trx
      .insertInto('song_play_totals')
      .values(part.map(([songId, { count }]) => ({ song_id: songId, play_count: count })))
      .onConflict((oc) =>
        oc.column('song_id').doUpdateSet((eb) => ({
          play_count: eb('song_play_totals.play_count', '+', eb.ref('excluded.play_count')),
        })),
      )
      .execute();
  }
}

async function addToLastPlays(
  trx: Kysely<Database>,
  userId: string,
  plays: readonly WrittenPlay[],
) {
  for (const part of chunks([...perSong(plays)])) {
    await trx
      .insertInto('last_plays')
      .values(
        part.map(([songId, { count, newest }]) => ({
          user_id: userId,
          song_id: songId,
          played_at: newest.playedAt,
          play_id: newest.id,
          play_count: count,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'song_id']).doUpdateSet((eb) => {
          const newer = eb('excluded.played_at', '>=', eb.ref('last_plays.played_at'));
          return {
            play_count: eb('last_plays.play_count', '+', eb.ref('excluded.play_count')),
            played_at: eb
              .case()
              .when(newer)
              .then(eb.ref('excluded.played_at'))
              .else(eb.ref('last_plays.played_at'))
              .end(),
            play_id: eb
              .case()
              .when(newer)
              .then(eb.ref('excluded.play_id'))
              .else(eb.ref('last_plays.play_id'))
              .end(),
          };
        }),
      )
      .execute();
  }
}

async function addToArtistPlays(
  trx: Kysely<Database>,
  userId: string,
  plays: readonly WrittenPlay[],
) {
  const songs = perSong(plays);
  const artists = new Map<string, { count: number; last: string }>();
  for (const part of chunks([...songs.keys()])) {
    const credits = await trx
      .selectFrom('song_artists')
      .select(['song_id', 'artist_id'])
      .where('song_id', 'in', part)
      .where('role', '=', 'main')
      .execute();
    for (const { song_id, artist_id } of credits) {
      const song = songs.get(song_id);
      if (!song) continue;
      const seen = artists.get(artist_id);
      if (!seen) artists.set(artist_id, { count: song.count, last: song.newest.playedAt });
      else {
        seen.count += song.count;
        if (song.newest.playedAt > seen.last) seen.last = song.newest.playedAt;
      }
    }
  }
  // In artist order, so that two transactions writing the same artists lock them alike.
  const ordered = [...artists].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const part of chunks(ordered)) {
    await trx
      .insertInto('artist_plays')
      .values(
        part.map(([artistId, { count, last }]) => ({
          user_id: userId,
          artist_id: artistId,
          play_count: count,
          last_played_at: last,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'artist_id']).doUpdateSet((eb) => ({
          play_count: eb('artist_plays.play_count', '+', eb.ref('excluded.play_count')),
          last_played_at: eb
            .case()
            .when('excluded.last_played_at', '>', eb.ref('artist_plays.last_played_at'))
            .then(eb.ref('excluded.last_played_at'))
            .else(eb.ref('artist_plays.last_played_at'))
            .end(),
        })),
      )
      .execute();
  }
}

/** The listener's last play of the song after one of its plays went: the one before, or none. */
async function takeFromLastPlay(trx: Kysely<Database>, userId: string, songId: string) {
  const previous = await trx
    .selectFrom('plays')
    .select(['id', 'played_at'])
    .where('user_id', '=', userId)
    .where('song_id', '=', songId)
    .orderBy('played_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const row = trx
    .updateTable('last_plays')
    .where('user_id', '=', userId)
    .where('song_id', '=', songId);
  if (!previous) {
    await trx
      .deleteFrom('last_plays')
      .where('user_id', '=', userId)
      .where('song_id', '=', songId)
      .execute();
    return;
  }
  await row
    .set((eb) => ({
      play_count: sql<number>`case when ${eb.ref('play_count')} > 1 then ${eb.ref('play_count')} - 1 else 1 end`,
      played_at: toIso(previous.played_at),
      play_id: Number(previous.id),
    }))
    .execute();
}

/** The listener's plays of the song's main artists, one play fewer (the row goes at zero). */
async function takeFromArtistPlays(
  trx: Kysely<Database>,
  userId: string,
  songId: string,
  playedAt: string,
) {
  const artists = await trx
    .selectFrom('song_artists')
    .select('artist_id')
    .where('song_id', '=', songId)
    .where('role', '=', 'main')
    .orderBy('artist_id')
    .execute();
  for (const { artist_id } of artists) {
    const kept = await trx
      .updateTable('artist_plays')
      .set((eb) => ({ play_count: eb('play_count', '-', 1) }))
      .where('user_id', '=', userId)
      .where('artist_id', '=', artist_id)
      .returning(['play_count', 'last_played_at'])
      .executeTakeFirst();
    if (!kept) continue;
    if (kept.play_count <= 0) {
      await trx
        .deleteFrom('artist_plays')
        .where('user_id', '=', userId)
        .where('artist_id', '=', artist_id)
        .execute();
      continue;
    }
    if (toIso(kept.last_played_at) !== playedAt) continue;
    const last = await trx
      .selectFrom('plays')
      .innerJoin('song_artists', 'song_artists.song_id', 'plays.song_id')
      .select((eb) => eb.fn.max('plays.played_at').as('last'))
      .where('plays.user_id', '=', userId)
      .where('song_artists.artist_id', '=', artist_id)
      .where('song_artists.role', '=', 'main')
      .executeTakeFirst();
    if (last?.last == null) continue;
    await trx
      .updateTable('artist_plays')
      .set({ last_played_at: toIso(last.last) })
      .where('user_id', '=', userId)
      .where('artist_id', '=', artist_id)
      .execute();
  }
}
