import { sql, type Kysely } from 'kysely';
import { atomically } from '../../db/atomic';
import type { Database } from '../../db/schema';

/** The counter of accounts. */
export const USERS_COUNTER = 'users';
const SONGS_PREFIX = 'songs:';

/** The counter of one genre's songs; the number of songs is the sum of these. */
export function songsCounter(genre: string): string {
  return `${SONGS_PREFIX}${genre}`;
}

/**
 * The counts the stats show (the `counters` table), kept exact by the repositories that insert
 * and delete what they count: each change is made in the transaction of the write it counts, so
 * the counts commit or roll back with it and every node reads the same.
 */
export class CountersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds each delta to its counter (a missing counter starts at zero). Counters are changed in
   * the order of their names, so that two transactions changing the same two never wait for each
   * other in opposite orders.
   */
  async add(deltas: ReadonlyMap<string, number>): Promise<void> {
    const changes = [...deltas]
      .filter(([, delta]) => delta !== 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [name, delta] of changes) {
      await this.db
        .insertInto('counters')
        .values({ name, value: delta })
        .onConflict((oc) =>
          oc.column('name').doUpdateSet((eb) => ({ value: eb('counters.value', '+', delta) })),
        )
        .execute();
    }
  }

  /** Adds `delta` to one counter. */
  async bump(name: string, delta: number): Promise<void> {
    await this.add(new Map([[name, delta]]));
  }

  /**
   * Counts everything again from the rows, in the transaction `db` is or a new one: for rows
   * written around the repositories (a bulk load in SQL), never on a request's path. Sets the
   * counters and every playlist's song count and duration.
   */
  async recountAll(): Promise<void> {
    await atomically(this.db, async (trx) => {
      await trx.deleteFrom('counters').execute();
      await sql`
        insert into counters (name, value)
        select ${USERS_COUNTER}, count(*) from users
      `.execute(trx);
      await sql`
        insert into counters (name, value)
        select ${SONGS_PREFIX} || genre, count(*) from songs group by genre
      `.execute(trx);
      await sql`
        update playlists set
          song_count = (
            select count(*) from playlist_songs where playlist_songs.playlist_id = playlists.id
          ),
          duration = (
            select coalesce(sum(songs.duration), 0)
            from playlist_songs join songs on songs.id = playlist_songs.song_id
            where playlist_songs.playlist_id = playlists.id
          )
      `.execute(trx);
    });
  }

  /** Every counter's value, by name: one read of a handful of rows. */
  async readAll(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('counters').select(['name', 'value']).execute();
    return new Map(rows.map((row) => [row.name, Number(row.value)]));
  }
}

/** The genres' counters among `counters`, by genre. */
export function songsByGenreOf(counters: ReadonlyMap<string, number>): Map<string, number> {
  const genres = new Map<string, number>();
  for (const [name, value] of counters) {
    if (name.startsWith(SONGS_PREFIX)) genres.set(name.slice(SONGS_PREFIX.length), value);
  }
  return genres;
}
