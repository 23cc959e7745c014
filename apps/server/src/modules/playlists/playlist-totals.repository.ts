import type { Kysely } from 'kysely';
import { forUpdate } from '../../db/atomic';
import type { Database } from '../../db/schema';

/** Where one song stands in one playlist. */
export interface PlaylistEntry {
  readonly playlistId: string;
  readonly position: number;
}

/**
 * The kept song count and duration of the playlists that hold one song, for changes made to the
 * song itself (its length, its deletion) in the caller's transaction `trx`.
 *
 * Lock order, the same everywhere: the song, then its playlists by id. A change to one playlist's
 * songs locks the playlist first and takes a song it adds only after seeing that the song is not
 * there (PlaylistsRepository), so the two orders never meet on the same pair.
 */
export class PlaylistTotalsRepository {
  constructor(private readonly trx: Kysely<Database>) {}

  /**
   * Locks the playlists that hold the song, which the caller has locked already (so no playlist
   * takes it meanwhile), and answers where it stands in each, read under those locks.
   */
  async lockHoldersOf(songId: string): Promise<PlaylistEntry[]> {
    await forUpdate(
      this.trx,
      this.trx
        .selectFrom('playlists')
        .select('id')
        .where('id', 'in', this.holdersOf(songId))
        .orderBy('id'),
    ).execute();
    const rows = await this.trx
      .selectFrom('playlist_songs')
      .select(['playlist_id', 'position'])
      .where('song_id', '=', songId)
      .execute();
    return rows.map((row) => ({ playlistId: row.playlist_id, position: row.position }));
  }

  /**
   * Adds `songs` to the song count and `seconds` to the duration of every playlist that holds
   * the song (locked with `lockHoldersOf`).
   */
  async addToHoldersOf(songId: string, songs: number, seconds: number): Promise<void> {
    if (songs === 0 && seconds === 0) return;
    await this.trx
      .updateTable('playlists')
      .set((eb) => ({
        song_count: eb('song_count', '+', songs),
        duration: eb('duration', '+', seconds),
      }))
      .where('id', 'in', this.holdersOf(songId))
      .execute();
  }

  /**
   * Closes the gaps a deleted song left (`entries`, from `lockHoldersOf`), so that the positions
   * of each playlist stay 1, 2, 3…
   */
  async closeGapsOf(entries: readonly PlaylistEntry[]): Promise<void> {
    for (const entry of entries) {
      await this.trx
        .updateTable('playlist_songs')
        .set((eb) => ({ position: eb('position', '-', 1) }))
        .where('playlist_id', '=', entry.playlistId)
        .where('position', '>', entry.position)
        .execute();
    }
  }

  private holdersOf(songId: string) {
    return this.trx
      .selectFrom('playlist_songs')
      .select('playlist_songs.playlist_id')
      .where('playlist_songs.song_id', '=', songId);
  }
}
