import type { Transactor } from '../../db/transactor';
import type { SongToPlace } from '../../domain/grouping';
import type { ImagesRepository } from '../images/images.repository';
import { songsCounter, type CountersRepository } from '../stats/counters.repository';
import type { SongRecord } from './song-record';
import type { NewSong, SongChanges, SongsRepository } from './songs.repository';

/**
 * Where songs stand among albums and artists: the catalogue module's links, bound to the
 * transaction of a song's write. What a song leaves is handed back to `prune` as it came;
 * `prune` answers the covers of the albums it removed, which the write releases.
 */
export interface SongCataloguing {
  place(song: SongToPlace): Promise<unknown>;
  unplace(songId: string): Promise<object>;
  formerPlace(songId: string): Promise<object>;
  prune(former: object): Promise<ReadonlyArray<string | null>>;
}

/** Where one song stands in one playlist. */
export interface SongHolding {
  readonly playlistId: string;
  readonly position: number;
}

/**
 * The playlists that hold a song: the playlists module's kept totals and positions, bound to the
 * transaction of a song's write.
 */
export interface SongHolders {
  lockHoldersOf(songId: string): Promise<SongHolding[]>;
  addToHoldersOf(songId: string, songs: number, seconds: number): Promise<void>;
  closeGapsOf(holdings: readonly SongHolding[]): Promise<void>;
}

/** The repositories a song's write spans, each its own module's, all in one transaction. */
export interface SongWriteRepositories {
  readonly songs: SongsRepository;
  readonly catalogueLinks: SongCataloguing;
  readonly playlistTotals: SongHolders;
  readonly images: ImagesRepository;
  readonly counters: CountersRepository;
}

/**
 * Adding, changing and deleting songs with everything that follows from them, each in one
 * transaction (run again from the start when it loses a race with another, decision 027): the
 * song's row, its album and artists, the playlists that hold it, its cover's count of uses and
 * its genre's count of songs.
 */
export class SongWrites {
  constructor(private readonly atomically: Transactor<SongWriteRepositories>) {}

  /**
   * Inserts the song unless one with the same content (`tags.sha256`) exists, checked under a
   * lock on that content so that two imports of one file cannot both add it; answers the song
   * that exists instead, with `added` false.
   */
  insertUnlessDuplicate(
    song: NewSong & { readonly tags: { readonly sha256: string } },
  ): Promise<{ song: SongRecord; added: boolean }> {
    return this.atomically(async (r) => {
      await r.songs.lockContent(song.tags.sha256);
      const existing = await r.songs.findBySha256(song.tags.sha256);
      if (existing) return { song: existing, added: false };
      return { song: await insertIn(r, song), added: true };
    });
  }

  /**
   * Inserts a song, links it to its album and artists (creating those that are new) and counts
   * the use of its cover and the song in its genre, together.
   */
  insert(song: NewSong): Promise<SongRecord> {
    return this.atomically((r) => insertIn(r, song));
  }

  /** Inserts every song, together, when the library has none yet; answers how many it added. */
  insertIntoEmptyLibrary(songs: readonly NewSong[]): Promise<number> {
    return this.atomically(async (r) => {
      if (!(await r.songs.isEmpty())) return 0;
      for (const song of songs) await insertIn(r, song);
      return songs.length;
    });
  }

  /**
   * Answers the updated song, or null when there is no such song (any more). A new cover is
   * taken and the one it replaces released in the same transaction; the song moves to the
   * album and artists its new texts name, and those it leaves without songs are removed; the
   * playlists that hold it and the counts of its genres follow a new length or genre.
   */
  update(id: string, changes: SongChanges): Promise<SongRecord | null> {
    return this.atomically(async (r) => {
      // Locked first: its playlists' durations and its genre's count follow from what it was.
      const before = await r.songs.lockForChange(id);
      if (!before) return null;
      const duration = changes.duration;
      if (duration !== undefined && duration !== before.duration) {
        await r.playlistTotals.lockHoldersOf(id);
        await r.playlistTotals.addToHoldersOf(id, 0, duration - before.duration);
      }
      // After the playlists, as in a deletion: both take covers after them.
      const cover = await r.images.changeCoverOf('songs', id, changes.cover);
      if (!cover) return null;
      const after = await r.songs.updateRow(id, changes, cover.coverKey);
      if (!after) return null;
      const former = await r.catalogueLinks.unplace(id);
      await r.catalogueLinks.place({ ...after.place, tags: changes.tags ?? {} });
      await r.images.release(await r.catalogueLinks.prune(former));
      // Counters last, as in every write that changes them.
      if (after.genre !== before.genre) {
        await r.counters.add(
          new Map([
            [songsCounter(before.genre), -1],
            [songsCounter(after.genre), 1],
          ]),
        );
      }
      return r.songs.get(id);
    });
  }

  /**
   * Deletes a song with every reference to it in one transaction: likes, saves, plays,
   * playlist entries and its artist credits go by their foreign keys' cascades, the playlists
   * it was in close the gap so that positions stay 1, 2, 3… and count one song and its seconds
   * fewer, its cover counts one use fewer, its genre one song fewer, and its album and artists go
   * when it was their last song. Answers the song it was.
   */
  delete(id: string): Promise<SongRecord | null> {
    return this.atomically(async (r) => {
      // Locked first, then its playlists, so none takes it meanwhile.
      const song = await r.songs.lockForDeletion(id);
      if (!song) return null;
      const former = await r.catalogueLinks.formerPlace(id);
      const holdings = await r.playlistTotals.lockHoldersOf(id);
      await r.playlistTotals.addToHoldersOf(id, -1, -song.duration);
      const deleted = await r.songs.deleteRow(id);
      if (!deleted) return null;
      await r.images.release([deleted.coverKey]);
      await r.playlistTotals.closeGapsOf(holdings);
      await r.images.release(await r.catalogueLinks.prune(former));
      await r.counters.bump(songsCounter(deleted.genre), -1);
      return song;
    });
  }
}

async function insertIn(r: SongWriteRepositories, song: NewSong): Promise<SongRecord> {
  const coverKey = song.cover === null ? null : await r.images.take(song.cover);
  const tags = song.tags ?? {};
  await r.songs.insertRow({ ...song, tags }, coverKey);
  await r.catalogueLinks.place({ ...song, tags });
  await r.counters.bump(songsCounter(song.genre), 1);
  return r.songs.get(song.id);
}
