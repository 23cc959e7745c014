import type { Transactor } from '../../db/transactor';
import {
  foldKey,
  type CatalogueTags,
  type SongToPlace,
  type TagLyrics,
} from '../../domain/grouping';
import { genresOfFiledGenre } from '../../domain/tag-genres';
import type { ImagesRepository } from '../images/images.repository';
import { songsCounter, type CountersRepository } from '../stats/counters.repository';
import { creditsOfRecord, type SongRecord } from './song-record';
import type { EditedFieldsChange, NewSong, SongChanges, SongsRepository } from './songs.repository';

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

/**
 * A song's lyrics as its file gives them, or as an administrator sets them: the lyrics module's
 * store, bound to the write.
 */
export interface SongLyricsWrites {
  /** Replaces every lyrics of the song (edited ones too) with those its file holds now. */
  replaceFromFile(songId: string, lyrics: readonly TagLyrics[]): Promise<void>;
  /** Sets the lyrics set by hand, shown before those of the song's file. */
  setEdited(songId: string, language: string | null, text: string): Promise<void>;
  /** Removes every lyrics of the song. */
  removeAll(songId: string): Promise<number>;
  /** Notes the song's file read for lyrics (so that none are read from it later). */
  markRead(songId: string): Promise<void>;
}

/** A song as a write left it, and the fields set by hand that its file's tags replaced. */
export interface SongWritten {
  readonly song: SongRecord;
  readonly replacedEdits: string[];
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
  readonly lyrics: SongLyricsWrites;
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
   * album and artists its new texts name (or set by hand), and those it leaves without songs are
   * removed; the playlists that hold it and the counts of its genres follow a new length or
   * genre. Without a new file (`tags`), the song stays in its album unless its album text
   * changed, and keeps its artists unless its artist text or title changed or they are set.
   */
  async update(id: string, changes: SongChanges): Promise<SongRecord | null> {
    return (await this.write(id, changes))?.song ?? null;
  }

  /**
   * `update`, answering also the fields set by hand that the change took from the song's file
   * instead (`changes.edits.fromFile`): those a changed file replaced.
   */
  write(id: string, changes: SongChanges): Promise<SongWritten | null> {
    return this.atomically(async (r) => {
      // Locked first: its playlists' durations and its genre's count follow from what it was.
      const before = await r.songs.lockForChange(id);
      if (!before) return null;
      const current = await r.songs.get(id);
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
      await r.catalogueLinks.place({
        ...after.place,
        ...(changes.tags
          ? { tags: changes.tags, ...(changes.credits ? { credits: changes.credits } : {}) }
          : placeOfEdit(current, changes)),
        genres:
          changes.genres ??
          changes.tags?.genres ??
          (changes.tags ? genresOfFiledGenre(after.genre) : undefined),
      });
      if (changes.tags && !changes.keepLyrics) {
        await r.lyrics.replaceFromFile(id, changes.tags.lyrics ?? []);
      }
      if (typeof changes.lyrics === 'string') await r.lyrics.setEdited(id, null, changes.lyrics);
      if (changes.lyrics === null) {
        await r.lyrics.markRead(id);
        await r.lyrics.removeAll(id);
      }
      const replacedEdits = changes.edits ? await noteEdits(r.songs, id, changes.edits) : [];
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
      return { song: await r.songs.get(id), replacedEdits };
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
    return this.atomically((r) => deleteIn(r, id));
  }

  /** Deletes these songs as `delete` does each, all in one transaction; answers those deleted. */
  deleteMany(ids: readonly string[]): Promise<SongRecord[]> {
    return this.atomically(async (r) => {
      const deleted: SongRecord[] = [];
      for (const id of ids) {
        const song = await deleteIn(r, id);
        if (song) deleted.push(song);
      }
      return deleted;
    });
  }
}

/**
 * Where an edit without a new file places the song: in the album it is in unless its album text
 * changed (then by its album artist, unless its artists changed too), with the artists it has
 * unless its artist text or title changed or they are set by hand.
 */
function placeOfEdit(
  current: SongRecord,
  changes: SongChanges,
): Pick<SongToPlace, 'tags' | 'credits' | 'albumId'> {
  const artistKept =
    (changes.artist === undefined || changes.artist === current.artist) &&
    (changes.title === undefined || changes.title === current.title);
  // An album artist no tag named is the song's first main artist: it follows a new artist text
  // (credits set by hand, roles and all, leave the song where it is).
  const firstMain = current.artists.find((artist) => artist.role === 'main')?.name;
  const albumArtistFollows =
    current.albumArtist === null ||
    (firstMain !== undefined && foldKey(firstMain) === foldKey(current.albumArtist));
  const albumKept =
    (changes.album === undefined || changes.album === current.album) &&
    (artistKept || changes.credits !== undefined || !albumArtistFollows);
  const credits =
    changes.credits ??
    (artistKept && current.artists.length > 0 ? creditsOfRecord(current) : undefined);
  const tags: CatalogueTags = {
    ...(changes.discNumber === undefined ? {} : { discNumber: changes.discNumber }),
    ...(!albumKept && artistKept && changes.credits === undefined && current.albumArtist
      ? { albumArtist: current.albumArtist }
      : {}),
  };
  return {
    tags,
    ...(credits ? { credits } : {}),
    ...(albumKept && current.albumId !== null ? { albumId: current.albumId } : {}),
  };
}

/**
 * Notes the fields a change set by hand, forgets those it took from the song's file, and answers
 * the fields set by hand before that the file replaced.
 */
async function noteEdits(
  songs: SongsRepository,
  id: string,
  edits: EditedFieldsChange,
): Promise<string[]> {
  const before = await songs.editedFields(id);
  const fromFile = new Set(edits.fromFile);
  const replaced = before.filter((field) => fromFile.has(field) && !edits.byHand.includes(field));
  const kept = before.filter((field) => !fromFile.has(field));
  const after = new Set([...kept, ...edits.byHand]);
  const unchanged = after.size === before.length && before.every((field) => after.has(field));
  if (!unchanged) await songs.setEditedFields(id, [...after]);
  return replaced;
}

async function insertIn(r: SongWriteRepositories, song: NewSong): Promise<SongRecord> {
  const coverKey = song.cover === null ? null : await r.images.take(song.cover);
  const tags = song.tags ?? {};
  await r.songs.insertRow({ ...song, tags }, coverKey, song.tags !== undefined);
  await r.catalogueLinks.place({
    ...song,
    tags,
    genres: song.genres ?? tags.genres ?? genresOfFiledGenre(song.genre),
  });
  // A song written without its file's tags (read later, when asked) has its lyrics read then.
  if (song.tags) await r.lyrics.replaceFromFile(song.id, tags.lyrics ?? []);
  await r.counters.bump(songsCounter(song.genre), 1);
  return r.songs.get(song.id);
}

/** `SongWrites.delete` inside its transaction. */
async function deleteIn(r: SongWriteRepositories, id: string): Promise<SongRecord | null> {
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
}
