import type { Kysely } from 'kysely';
import { atomicallyRetrying } from '../../db/atomic';
import type { Database } from '../../db/schema';

/** A play to write: which song, and when it was played (ISO-8601, possibly long ago). */
export interface PlayToRecord {
  readonly songId: string;
  readonly playedAt: string;
}

/**
 * Writes plays together with every count kept beside them: the song's play count, the
 * listener's last play and play count of the song (`last_plays`) and their plays of its main
 * artists (`artist_plays`). A play may be older than the ones already kept (a history brought
 * along), so the last-played times only ever move forward.
 */
export class PlaysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records the plays in one transaction (or the caller's) and answers how many were written;
   * a play of a song that no longer exists is left out.
   */
  record(userId: string, plays: readonly PlayToRecord[]): Promise<number> {
    return atomicallyRetrying(this.db, async (trx) => {
      let written = 0;
      for (const play of plays) {
        if (await recordOne(trx, userId, play)) written += 1;
      }
      return written;
    });
  }
}

async function recordOne(
  trx: Kysely<Database>,
  userId: string,
  { songId, playedAt }: PlayToRecord,
): Promise<boolean> {
  const updated = await trx
    .updateTable('songs')
    .set((eb) => ({ play_count: eb('play_count', '+', 1) }))
    .where('id', '=', songId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  const play = await trx
    .insertInto('plays')
    .values({ user_id: userId, song_id: songId, played_at: playedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('last_plays')
    .values({
      user_id: userId,
      song_id: songId,
      played_at: playedAt,
      play_id: play.id,
      play_count: 1,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'song_id']).doUpdateSet((eb) => {
        const newer = eb('excluded.played_at', '>=', eb.ref('last_plays.played_at'));
        return {
          play_count: eb('last_plays.play_count', '+', 1),
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
  const artists = await trx
    .selectFrom('song_artists')
    .select('artist_id')
    .where('song_id', '=', songId)
    .where('role', '=', 'main')
    .orderBy('artist_id')
    .execute();
  for (const { artist_id } of artists) {
    await trx
      .insertInto('artist_plays')
      .values({ user_id: userId, artist_id, play_count: 1, last_played_at: playedAt })
      .onConflict((oc) =>
        oc.columns(['user_id', 'artist_id']).doUpdateSet((eb) => ({
          play_count: eb('artist_plays.play_count', '+', 1),
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
  return true;
}
