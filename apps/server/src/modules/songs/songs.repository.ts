import { sql, type Kysely } from 'kysely';
import type { PageQuery } from '@cadenza/contract/paging';
import type { Genre } from '@cadenza/contract/songs';
import { isForeignKeyViolation } from '../../db/errors';
import { readNewestFirstPage } from '../../db/newest-first';
import { atomicallyRetrying, forUpdate, lockName } from '../../db/atomic';
import { toIso, type Database, type SongRow } from '../../db/schema';
import { editedFieldsColumn, editedFieldsOf } from '../../db/edited-fields';
import { creditsOfSongs } from '../../db/song-credits';
import { genresOfSongs } from '../../db/song-genres';
import type { Page } from '../../paging';
import { releaseFactsOf } from '../../domain/album-facts';
import { TAG_READER_VERSION } from '../../domain/audio-tags';
import type { ArtistCredits, CatalogueTags, SongToPlace } from '../../domain/grouping';
import type { CoverChoice } from '../uploads/stored-files';
import { PlaysRepository } from './plays.repository';
import { songRecordOf, songRecordsWith, withCredits, type SongRecord } from './song-record';

/**
 * A song to add: what its form or file gives, with the cover to take in the transaction that
 * writes the row (`ImagesRepository.take`) instead of its key, and what its tags say about its
 * album, artists and file. Its album and artists follow from those (domain/grouping.ts).
 */
export type NewSong = Pick<
  SongRecord,
  | 'id'
  | 'title'
  | 'artist'
  | 'album'
  | 'genre'
  | 'releaseYear'
  | 'duration'
  | 'audioKey'
  | 'audioMime'
  | 'audioBytes'
  | 'createdAt'
> & {
  readonly cover: CoverChoice | null;
  readonly tags?: CatalogueTags;
  /** Its genres as written; without them, those its tags name (or its filed genre's). */
  readonly genres?: readonly string[];
};

/**
 * What an admin's edit may change; the audio fields change together, with a new file (whose
 * `tags` then say the rest).
 */
export type SongChanges = Partial<Omit<NewSong, 'id' | 'createdAt'>> & {
  readonly trackNumber?: number;
  readonly discNumber?: number;
  /** The song's artists as set by hand, replacing those its artist text would credit. */
  readonly credits?: ArtistCredits;
  /** Lyrics set by hand (LRC or plain text); null removes every lyrics of the song. */
  readonly lyrics?: string | null;
  /** The song's lyrics stay as they are, though its file (`tags`) is read again. */
  readonly keepLyrics?: boolean;
  /** What the change does to the fields noted as set by hand (`edited_fields`). */
  readonly edits?: EditedFieldsChange;
};

/**
 * The fields a change set by hand (noted), and those it took from the song's file (no longer
 * noted: the file's value replaced the hand's).
 */
export interface EditedFieldsChange {
  readonly byHand: readonly string[];
  readonly fromFile: readonly string[];
}

/** A song a user played, and when they last played it. */
export interface PlayedSong {
  readonly song: SongRecord;
  readonly playedAt: string;
}

/** A user's mark on a song: a like or a save (library). */
export type SongMark = 'likes' | 'saves';

export class SongsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Holds a lock on a content's hash until the transaction ends: two imports of it take turns. */
  async lockContent(sha256: string): Promise<void> {
    await lockName(this.db, `songs.sha256:${sha256}`);
  }

  /**
   * Writes a new song's row, with the key of the cover taken for it (SongWrites); `readFromFile`
   * when its tags are all its file says (not a song added before its file is read).
   */
  async insertRow(
    song: NewSong & { readonly tags: CatalogueTags },
    coverKey: string | null,
    readFromFile: boolean,
  ) {
    await this.db
      .insertInto('songs')
      .values({
        id: song.id,
        title: song.title,
        artist: song.artist,
        album: song.album,
        genre: song.genre,
        release_year: song.releaseYear,
        duration: song.duration,
        cover_key: coverKey,
        audio_key: song.audioKey,
        audio_mime: song.audioMime,
        audio_bytes: song.audioBytes,
        created_at: song.createdAt,
        ...fileColumns(song.tags, song.duration),
        ...(readFromFile ? readColumns(song.tags) : {}),
      })
      .execute();
  }

  async findById(id: string): Promise<SongRecord | null> {
    const row = await this.db
      .selectFrom('songs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? this.recordOf(row) : null;
  }

  /** The first song added whose audio file has exactly this content, if any. */
  async findBySha256(sha256: string): Promise<SongRecord | null> {
    // Only the hash's index: ordering in SQL would let SQLite walk the creation-time index.
    const matches = await this.db
      .selectFrom('songs')
      .select(['id', 'created_at'])
      .where('sha256', '=', sha256)
      .execute();
    const first = matches.sort(
      (a, b) => toIso(a.created_at).localeCompare(toIso(b.created_at)) || a.id.localeCompare(b.id),
    )[0];
    return first ? this.findById(first.id) : null;
  }

  /** The songs whose audio file has one of these contents (by SHA-256). */
  async idsWithContent(sha256s: readonly string[]): Promise<string[]> {
    if (sha256s.length === 0) return [];
    const rows = await this.db
      .selectFrom('songs')
      .select('id')
      .where('sha256', 'in', [...sha256s])
      .execute();
    return rows.map((row) => row.id);
  }

  /** The song, which exists (it was just written, in this transaction). */
  async get(id: string): Promise<SongRecord> {
    const row = await this.db
      .selectFrom('songs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return this.recordOf(row);
  }

  /** Locks a song's row for a change and answers its genre and length as they were, or null. */
  async lockForChange(id: string): Promise<{ genre: string; duration: number } | null> {
    const row = await forUpdate(
      this.db,
      this.db.selectFrom('songs').select(['genre', 'duration']).where('id', '=', id),
    ).executeTakeFirst();
    return row ?? null;
  }

  /**
   * Writes an edit to a song's row, with the key of its cover now; answers its genre and what
   * places it among albums and artists, or null when it has gone. A changed length in seconds
   * replaces the exact one; the same length keeps it.
   */
  async updateRow(
    id: string,
    changes: SongChanges,
    /** Undefined leaves it as it is. */
    coverKey: string | null | undefined,
  ): Promise<{ genre: Genre; place: Omit<SongToPlace, 'tags'> } | null> {
    const duration = changes.duration;
    const file = changes.tags
      ? { ...fileColumns(changes.tags, duration), ...readColumns(changes.tags) }
      : duration === undefined
        ? {}
        : {
            duration_ms: sql<number>`CASE WHEN duration = ${duration} THEN duration_ms ELSE ${duration * 1000} END`,
          };
    const row = await this.db
      .updateTable('songs')
      .set({
        title: changes.title,
        artist: changes.artist,
        album: changes.album,
        genre: changes.genre,
        release_year: changes.releaseYear,
        duration: changes.duration,
        cover_key: coverKey,
        audio_key: changes.audioKey,
        audio_mime: changes.audioMime,
        audio_bytes: changes.audioBytes,
        ...file,
        // Typed over what a new file's tags say.
        ...(changes.trackNumber === undefined ? {} : { track_number: changes.trackNumber }),
        ...(changes.discNumber === undefined ? {} : { disc_number: changes.discNumber }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    return {
      genre: row.genre as Genre,
      place: {
        id,
        title: row.title,
        artist: row.artist,
        album: row.album,
        releaseYear: row.release_year,
        createdAt: toIso(row.created_at),
      },
    };
  }

  /**
   * Adds these fields to those an administrator set by hand on the song (a scan of its unchanged
   * file leaves them be; one of its changed file replaces them, and says so).
   */
  async noteEdited(id: string, fields: readonly string[]): Promise<void> {
    await atomicallyRetrying(this.db, async (trx) => {
      const row = await forUpdate(
        trx,
        trx.selectFrom('songs').select('edited_fields').where('id', '=', id),
      ).executeTakeFirst();
      if (!row) return;
      const edited = new Set([...editedFieldsOf(row.edited_fields), ...fields]);
      await trx
        .updateTable('songs')
        .set({ edited_fields: JSON.stringify([...edited].sort()) })
        .where('id', '=', id)
        .execute();
    });
  }

  /** The fields an administrator set by hand on the song (see `noteEdited`). */
  async editedFields(id: string): Promise<string[]> {
    const row = await this.db
      .selectFrom('songs')
      .select('edited_fields')
      .where('id', '=', id)
      .executeTakeFirst();
    return editedFieldsOf(row?.edited_fields ?? null);
  }

  /** Sets the fields an administrator set by hand on the song; none clears them. */
  async setEditedFields(id: string, fields: readonly string[]): Promise<void> {
    await this.db
      .updateTable('songs')
      .set({ edited_fields: editedFieldsColumn(fields) })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Gives every song of an album the album's title, artist and year as edited by hand (the texts the
   * song shows and is found by); each absent one stays.
   */
  async setAlbumTextsOf(
    albumId: string,
    texts: {
      readonly album?: string;
      readonly albumArtist?: string;
      readonly releaseYear?: number;
    },
  ): Promise<void> {
    if (texts.releaseYear !== undefined) {
      await this.db
        .updateTable('songs')
        .set({ release_year: texts.releaseYear })
        .where('album_id', '=', albumId)
        .execute();
    }
    if (texts.album !== undefined) {
      // A single (no album text) stays one: its album is named after it.
      await this.db
        .updateTable('songs')
        .set({ album: texts.album })
        .where('album_id', '=', albumId)
        .where('album', 'is not', null)
        .execute();
    }
    if (texts.albumArtist !== undefined) {
      await this.db
        .updateTable('songs')
        .set({ album_artist: texts.albumArtist })
        .where('album_id', '=', albumId)
        .execute();
    }
  }

  /** Locks a song's row for its deletion and answers the song as it is, or null. */
  async lockForDeletion(id: string): Promise<SongRecord | null> {
    const row = await forUpdate(
      this.db,
      this.db.selectFrom('songs').selectAll().where('id', '=', id),
    ).executeTakeFirst();
    return row ? this.recordOf(row) : null;
  }

  /** Deletes a song's row (its marks, plays and credits go by cascade); answers what it held. */
  async deleteRow(id: string): Promise<{ coverKey: string | null; genre: string } | null> {
    const row = await this.db
      .deleteFrom('songs')
      .where('id', '=', id)
      .returning(['cover_key', 'genre'])
      .executeTakeFirst();
    return row ? { coverKey: row.cover_key, genre: row.genre } : null;
  }

  async isEmpty(): Promise<boolean> {
    const row = await this.db.selectFrom('songs').select('id').limit(1).executeTakeFirst();
    return row === undefined;
  }

  /**
   * The page a client asked for of every song, or of one genre's, newest first by
   * (created_at, id).
   */
  async page(query: PageQuery, genre?: Genre): Promise<Page<SongRecord>> {
    const songs = this.db.selectFrom('songs').selectAll();
    const page = await readNewestFirstPage(
      genre === undefined ? songs : songs.where('genre', '=', genre),
      query,
      { createdAt: 'created_at', id: 'id' },
      (row) => songRecordOf(row, [], []),
    );
    return {
      ...page,
      items: withCredits(
        page.items,
        await creditsOfSongs(this.db, page.items),
        await genresOfSongs(this.db, page.items),
      ),
    };
  }

  /**
   * The page a client asked for of the songs a user liked (`likes`) or saved (`saves`), newest
   * mark first by (the mark's created_at, song id): a cursor names the last mark of its page.
   */
  async markedPage(mark: SongMark, userId: string, query: PageQuery): Promise<Page<SongRecord>> {
    const page = await readNewestFirstPage(
      this.db
        .selectFrom(mark)
        .innerJoin('songs', 'songs.id', `${mark}.song_id`)
        .selectAll('songs')
        .select(`${mark}.created_at as marked_at`)
        .where(`${mark}.user_id`, '=', userId),
      query,
      { createdAt: `${mark}.created_at`, id: `${mark}.song_id` },
      (row) => ({ row, createdAt: toIso(row.marked_at), id: row.id }),
    );
    const rows = page.items.map(({ row }) => row);
    const songs = songRecordsWith(
      rows,
      await creditsOfSongs(this.db, rows),
      await genresOfSongs(this.db, rows),
    );
    return { ...page, items: songs };
  }

  /**
   * Adds one to the song's play count, records who played it and counts the play for the
   * listener (`PlaysRepository`), together; false for an unknown song.
   */
  async recordPlay(songId: string, userId: string, playedAt: string): Promise<boolean> {
    return (await new PlaysRepository(this.db).record(userId, [{ songId, playedAt }])) === 1;
  }

  /**
   * The songs a user played, one entry per song, most recently played first: the first rows of
   * the listener's last plays, however long their history.
   */
  async recentlyPlayed(userId: string, limit: number): Promise<PlayedSong[]> {
    const rows = await this.db
      .selectFrom('last_plays')
      .innerJoin('songs', 'songs.id', 'last_plays.song_id')
      .selectAll('songs')
      .select(['last_plays.played_at as last_played_at'])
      .where('last_plays.user_id', '=', userId)
      .orderBy('last_plays.played_at', 'desc')
      .orderBy('last_plays.play_id', 'desc')
      .limit(limit)
      .execute();
    const songs = songRecordsWith(
      rows,
      await creditsOfSongs(this.db, rows),
      await genresOfSongs(this.db, rows),
    );
    return rows.map((row, index) => ({
      song: songs[index] ?? songRecordOf(row, [], []),
      playedAt: toIso(row.last_played_at),
    }));
  }

  /**
   * Sets or clears a like or save, whatever it was (a Subsonic star); false for an unknown song.
   */
  async setMark(
    mark: SongMark,
    userId: string,
    songId: string,
    on: boolean,
    now: string,
  ): Promise<boolean> {
    if (!on) {
      await removeMark(this.db, mark, userId, songId);
      const song = await this.db
        .selectFrom('songs')
        .select('id')
        .where('id', '=', songId)
        .executeTakeFirst();
      return song !== undefined;
    }
    try {
      await addMark(this.db, mark, userId, songId, now);
      return true;
    } catch (error) {
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  /**
   * The ids of every song a user liked or saved, newest mark first: read from the index on
   * (user_id, created_at, song_id) alone, without the songs.
   */
  async markedIds(mark: SongMark, userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom(mark)
      .select('song_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('song_id', 'desc')
      .execute();
    return rows.map((row) => row.song_id);
  }

  /** When a user last played each of these songs, for those they played (ISO-8601). */
  async lastPlaysAmong(userId: string, songIds: readonly string[]): Promise<Map<string, string>> {
    if (songIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('last_plays')
      .select(['song_id', 'played_at'])
      .where('user_id', '=', userId)
      .where('song_id', 'in', [...new Set(songIds)])
      .execute();
    return new Map(rows.map((row) => [row.song_id, toIso(row.played_at)]));
  }

  /**
   * When a user last played any song of each of these albums, for those they played: each
   * album's songs (songs_album_idx), each song's last play by its key.
   */
  async lastAlbumPlaysAmong(
    userId: string,
    albumIds: readonly string[],
  ): Promise<Map<string, string>> {
    if (albumIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('songs')
      .innerJoin('last_plays', (join) =>
        join.onRef('last_plays.song_id', '=', 'songs.id').on('last_plays.user_id', '=', userId),
      )
      .select((eb) => ['songs.album_id', eb.fn.max('last_plays.played_at').as('played_at')])
      .where('songs.album_id', 'in', [...new Set(albumIds)])
      .groupBy('songs.album_id')
      .execute();
    const plays = new Map<string, string>();
    for (const row of rows)
      if (row.album_id !== null) plays.set(row.album_id, toIso(row.played_at));
    return plays;
  }

  /** When a user marked each of these songs, for those they marked. */
  async marksAmong(
    mark: SongMark,
    userId: string,
    songIds: readonly string[],
  ): Promise<Map<string, string>> {
    if (songIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom(mark)
      .select(['song_id', 'created_at'])
      .where('user_id', '=', userId)
      .where('song_id', 'in', [...new Set(songIds)])
      .execute();
    return new Map(rows.map((row) => [row.song_id, toIso(row.created_at)]));
  }

  async findByIds(ids: readonly string[]): Promise<SongRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('songs')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return songRecordsWith(
      rows,
      await creditsOfSongs(this.db, rows),
      await genresOfSongs(this.db, rows),
    );
  }

  /**
   * Flips a like or save in one transaction and answers whether it is now set. Two flips racing
   * on one pair meet the primary key: the loser's insert does nothing, and both answer true.
   * Null for an unknown song.
   */
  async toggleMark(
    mark: SongMark,
    userId: string,
    songId: string,
    now: string,
  ): Promise<boolean | null> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const removed = await removeMark(trx, mark, userId, songId);
        if (Number(removed.numDeletedRows) > 0) return false;
        await addMark(trx, mark, userId, songId, now);
        return true;
      });
    } catch (error) {
      // The song (or the account) was deleted in the meantime.
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
  }

  /** The record of one song row with its artists. */
  private async recordOf(row: SongRow): Promise<SongRecord> {
    return songRecordOf(
      row,
      (await creditsOfSongs(this.db, [row])).get(row.id) ?? [],
      (await genresOfSongs(this.db, [row])).get(row.id) ?? [],
    );
  }
}

/** Sets a like or save; one already set stays as it was. */
function addMark(
  db: Kysely<Database>,
  mark: SongMark,
  userId: string,
  songId: string,
  now: string,
) {
  return db
    .insertInto(mark)
    .values({ user_id: userId, song_id: songId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'song_id']).doNothing())
    .execute();
}

/** Clears a like or save; answers how many rows went (none when it was not set). */
function removeMark(db: Kysely<Database>, mark: SongMark, userId: string, songId: string) {
  return db
    .deleteFrom(mark)
    .where('user_id', '=', userId)
    .where('song_id', '=', songId)
    .executeTakeFirst();
}

/**
 * The columns of what a file's tags say about itself. `duration_ms` falls back to the whole
 * seconds of `duration` when the file gave no exact length.
 */
/** What a file's reading leaves on its song beside its tags: its release facts, and by whom. */
function readColumns(tags: CatalogueTags) {
  return {
    release_facts: JSON.stringify(releaseFactsOf(tags)),
    tags_read_version: TAG_READER_VERSION,
  };
}

function fileColumns(tags: CatalogueTags, duration: number | undefined) {
  return {
    track_number: tags.trackNumber ?? null,
    disc_number: tags.discNumber ?? null,
    codec: tags.codec ?? null,
    container: tags.container ?? null,
    bit_rate: tags.bitRate ?? null,
    sample_rate: tags.sampleRate ?? null,
    channels: tags.channels ?? null,
    duration_ms: tags.durationMs ?? (duration === undefined ? undefined : duration * 1000),
    sha256: tags.sha256 ?? null,
    replaygain_track_gain: tags.replayGain?.trackGain ?? null,
    replaygain_track_peak: tags.replayGain?.trackPeak ?? null,
    replaygain_album_gain: tags.replayGain?.albumGain ?? null,
    replaygain_album_peak: tags.replayGain?.albumPeak ?? null,
    genre_text: tags.genreText ?? null,
    bpm: tags.bpm ?? null,
    musicbrainz_id: tags.musicbrainzRecordingId ?? null,
    comment: tags.comment ?? null,
    disc_subtitle: tags.discSubtitle ?? null,
    sort_title: tags.titleSort ?? null,
  };
}
