import { Readable } from 'node:stream';
import { creditText } from '@cadenza/contract/artist-credit';
import { coverMessages } from '@cadenza/contract/covers';
import type { SongCatalogueFields, SongCredit } from '@cadenza/contract/song-catalogue-form';
import {
  songFormMessages,
  type SongFields,
  type SongFileDetails,
} from '@cadenza/contract/song-form';
import { AppError, Invalid } from '../../errors';
import { newId } from '../../ids';
import type { AudioFiles, StoredAudio } from '../audio-files/audio-files';
import type { AudioTags, EmbeddedPicture } from '../../domain/audio-tags';
import { coverPreviewDataUrl, type CoverImages } from '../images/cover-images';
import type { StoredImage, UploadedAudio } from '../uploads/stored-files';
import { UNKNOWN_ARTIST, type ArtistCredits, type CatalogueTags } from '../../domain/grouping';
import { refuseUnplayable, unreadableAudio } from '../audio-files/playable-codecs';
import { editsOfRereading, editsOfTyping, rereadKeepingEdits } from './song-edits';
import { catalogueTagsFor, resolveSongFields, type ResolvedSongFields } from './song-fields';
import type { SongRecord } from './song-record';
import type { SongWrites, SongWritten } from './song-writes';
import type { SongsRepository } from './songs.repository';
import { songNotFound } from './songs.service';

/** What a library import knows of a file besides its tags. */
export interface LibraryFileFacts {
  /** The file's name without its extension: the title of a file whose tags name none. */
  readonly fileTitle: string;
  readonly sha256: string;
  /** A cover for a file without an embedded picture (a `cover.jpg` beside it, say). */
  readonly fallbackCover?: StoredImage | null | undefined;
  /** Read again though unchanged (an earlier tag reader read it): the fields set by hand stay. */
  readonly keepEdits?: boolean;
}

/** A song form: its text fields, and the audio file and cover image already stored. */
export interface SongInput extends SongFields {
  /** Its tag genres as typed; without them, those its file names (or its filed genre's). */
  readonly genres?: readonly string[] | undefined;
  readonly audioFile?: UploadedAudio | undefined;
  readonly coverImage?: StoredImage | undefined;
}

/** The song edit: the song form and its catalogue fields (track, disc, artists, genres, lyrics). */
export type SongEditInput = SongInput & SongCatalogueFields;

/** Artists as the edit lists them, in credit order, as main and featured. */
function creditsOf(list: readonly SongCredit[]): ArtistCredits {
  return {
    main: list.filter((credit) => credit.role === 'main').map((credit) => credit.name),
    featured: list.filter((credit) => credit.role === 'featured').map((credit) => credit.name),
  };
}

/**
 * Changes to the songs themselves (docs/product.md §3 "Admin song form"): adding one from an uploaded
 * file, reading what a file would fill in, editing and deleting. Uploads are already stored when
 * these rules run, and whoever stored them takes them back when the request fails; a cover taken
 * from the file's tags is stored here, and taken back here. A success removes the files it
 * replaced. Who may do this is the routes' concern.
 */
export class SongEditingService {
  constructor(
    private readonly songs: SongsRepository,
    private readonly writes: SongWrites,
    private readonly audio: AudioFiles,
    private readonly covers: CoverImages,
  ) {}

  async create(input: SongInput): Promise<SongRecord> {
    const { audioFile, coverImage, genres, ...fields } = input;
    if (!audioFile) throw audioRequired();
    const audio = await this.audio.describe(audioFile.key);
    const tags = await this.audio.readTags(audio);
    refuseUnplayable(tags);
    const { song } = await this.add(audio, tags, {
      fields: resolveSongFields(fields, tags, null),
      catalogue: catalogueTagsFor(fields, tags),
      cover: coverImage,
      genres,
    });
    return song;
  }

  /**
   * Adds a song from a stored file and its tags alone, as a library import does: a file without
   * a title is called by its name, without an artist by `UNKNOWN_ARTIST`, and a genre the seven
   * do not name is `other`. The file's embedded picture is its cover, else `fallbackCover`.
   * When a song with the same content exists (or is added meanwhile), nothing is added and that
   * song is answered, with `added` false.
   */
  async createFromTags(
    audio: StoredAudio,
    tags: AudioTags,
    { fileTitle, sha256, fallbackCover }: LibraryFileFacts,
  ): Promise<{ song: SongRecord; added: boolean }> {
    return this.add(audio, tags, {
      fields: fieldsFromTags(tags, fileTitle),
      catalogue: { ...tags.catalogue, sha256 },
      fallbackCover,
      embeddedFirst: true,
      uniqueContent: sha256,
    });
  }

  /**
   * Reads a song's file again after it changed in place (a scanned folder's file retagged or
   * replaced), by the rules of `createFromTags`: every field and the catalogue follow the file
   * now, and the cover is its embedded picture, else `fallbackCover`, else the one it had. The
   * song keeps its id, and with it its plays, likes and playlists; the fields set by hand are
   * replaced by the file's, and answered. Null for a song gone meanwhile.
   */
  async updateFromTags(
    songId: string,
    audio: StoredAudio,
    tags: AudioTags,
    { fileTitle, sha256, fallbackCover, keepEdits = false }: LibraryFileFacts,
  ): Promise<SongWritten | null> {
    const read = { fields: fieldsFromTags(tags, fileTitle), tags: { ...tags.catalogue, sha256 } };
    const embedded: StoredImage[] = [];
    let before: SongRecord | null;
    let after: SongWritten | null;
    try {
      before = await this.songs.findById(songId);
      if (!before) return null;
      const edited = keepEdits ? await this.songs.editedFields(songId) : [];
      const fromFile = edited.includes('cover')
        ? null
        : ((await this.embeddedCover(tags.picture, embedded)) ?? fallbackCover);
      after = await this.writes.write(songId, {
        ...(keepEdits
          ? rereadKeepingEdits(before, edited, read)
          : { ...read.fields, tags: read.tags }),
        cover: fromFile ?? before.coverKey,
        ...audioColumns(audio),
        edits: keepEdits ? { byHand: [], fromFile: [] } : editsOfRereading(!fromFile),
      });
    } catch (error) {
      await this.dropUnkeptCovers(embedded);
      throw error;
    }
    if (after && after.song.coverKey !== before.coverKey) {
      await this.covers.discard(before.coverKey);
    }
    await this.dropUnkeptCovers(embedded);
    return after;
  }

  /**
   * Stores the embedded cover when no other is given (or first, for `embeddedFirst`) and adds
   * the row; covers this request stored and no row kept are removed again, whatever happens.
   */
  private async add(
    audio: StoredAudio,
    tags: AudioTags,
    song: {
      readonly fields: ResolvedSongFields;
      readonly catalogue: CatalogueTags;
      readonly cover?: StoredImage | undefined;
      /** Typed tag genres, which win over the file's. */
      readonly genres?: readonly string[] | undefined;
      readonly fallbackCover?: StoredImage | null | undefined;
      readonly embeddedFirst?: boolean;
      /** The content's hash, when a song with the same content must not be added twice. */
      readonly uniqueContent?: string;
    },
  ): Promise<{ song: SongRecord; added: boolean }> {
    const embedded: StoredImage[] = [];
    const given = song.cover ?? null;
    let result: { song: SongRecord; added: boolean };
    try {
      const cover = song.embeddedFirst
        ? ((await this.embeddedCover(tags.picture, embedded)) ?? song.fallbackCover ?? null)
        : (given ?? (await this.embeddedCover(tags.picture, embedded)));
      const row = {
        id: newId(),
        ...song.fields,
        cover,
        ...audioColumns(audio),
        createdAt: new Date().toISOString(),
        tags: song.catalogue,
        ...(song.genres ? { genres: song.genres } : {}),
      };
      result =
        song.uniqueContent === undefined
          ? { song: await this.writes.insert(row), added: true }
          : await this.writes.insertUnlessDuplicate({
              ...row,
              tags: { ...row.tags, sha256: song.uniqueContent },
            });
    } catch (error) {
      await this.dropUnkeptCovers(embedded);
      throw error;
    }
    await this.dropUnkeptCovers(given ? [given, ...embedded] : embedded);
    return result;
  }

  /** 404 for a song that does not exist: checked before an upload for it is read and stored. */
  async ensureExists(songId: string): Promise<void> {
    if (!(await this.songs.findById(songId))) throw songNotFound();
  }

  /**
   * Fields left empty keep their value; a new audio file replaces the old one, which is removed.
   * The catalogue fields sent (track, disc, artists with their roles, genres, lyrics) are written
   * in the same transaction; every field set by hand is noted, so that a scan of the song's
   * unchanged file leaves it be. Artists set without a new artist text give the song the text
   * that credits them.
   */
  async update(songId: string, input: SongEditInput): Promise<SongRecord> {
    const { audioFile, coverImage, trackNumber, discNumber, artists, genres, lyrics, ...fields } =
      input;
    const catalogue = { trackNumber, discNumber, artists, genres, lyrics };
    const embedded: StoredImage[] = [];
    let before: SongRecord;
    let after: SongRecord;
    try {
      const current = await this.songs.findById(songId);
      if (!current) throw songNotFound();
      before = current;
      const audio = audioFile ? await this.audio.describe(audioFile.key) : null;
      const tags = audio ? await this.audio.readTags(audio) : null;
      if (tags) refuseUnplayable(tags);
      const resolved = resolveSongFields(fields, tags, current);
      const credits = artists && creditsOf(artists);
      const artistTyped = fields.artist !== undefined && fields.artist !== current.artist;
      const cover =
        coverImage ?? current.coverKey ?? (await this.embeddedCover(tags?.picture, embedded));
      const updated = await this.writes.update(songId, {
        ...resolved,
        ...(artists && !artistTyped ? { artist: creditText(current.artist, artists) } : {}),
        cover,
        ...(audio ? { ...audioColumns(audio), tags: catalogueTagsFor(fields, tags) } : {}),
        ...(trackNumber === undefined ? {} : { trackNumber }),
        ...(discNumber === undefined ? {} : { discNumber }),
        ...(credits ? { credits } : {}),
        ...(genres ? { genres } : {}),
        ...(lyrics === undefined ? {} : { lyrics: lyrics.trim() === '' ? null : lyrics }),
        edits: editsOfTyping(current, {
          fields,
          catalogue,
          credits,
          newCover: coverImage !== undefined,
          newFile: audio !== null,
        }),
      });
      if (!updated) throw songNotFound();
      after = updated;
    } catch (error) {
      await this.dropUnkeptCovers(embedded);
      throw error;
    }
    if (after.audioKey !== before.audioKey) await this.audio.discard(before.audioKey);
    if (after.coverKey !== before.coverKey) await this.covers.discard(before.coverKey);
    await this.dropUnkeptCovers(coverImage ? [coverImage, ...embedded] : embedded);
    return after;
  }

  /** Deletes a song, every reference to it, and then its files (a shared cover stays). */
  async delete(songId: string): Promise<void> {
    const deleted = await this.writes.delete(songId);
    if (!deleted) throw songNotFound();
    await this.audio.discard(deleted.audioKey);
    await this.covers.discard(deleted.coverKey);
  }

  /**
   * Deletes these songs together (one transaction: all go or none), then their files; answers
   * how many were deleted.
   */
  async deleteMany(songIds: readonly string[]): Promise<number> {
    if (songIds.length === 0) return 0;
    const deleted = await this.writes.deleteMany(songIds);
    for (const song of deleted) await this.audio.discard(song.audioKey);
    for (const cover of new Set(deleted.map((song) => song.coverKey))) {
      await this.covers.discard(cover);
    }
    return deleted.length;
  }

  /**
   * What the form would be filled with from these tags; nothing was stored. A file the form
   * would refuse is refused here already. The cover comes as a
   * small preview, never as the picture itself.
   */
  async inspect(tags: AudioTags | undefined): Promise<SongFileDetails> {
    if (tags === undefined) {
      throw audioRequired();
    }
    refuseUnplayable(tags);
    return {
      title: tags.title ?? null,
      artist: tags.artist ?? null,
      album: tags.album ?? null,
      genre: tags.genre ?? null,
      releaseYear: tags.releaseYear ?? null,
      duration: tags.duration ?? null,
      coverImage: tags.picture ? await coverPreviewDataUrl(tags.picture.data) : null,
      coverNote: tags.oversizedPictureBytes === undefined ? null : coverMessages.embeddedTooLarge,
    };
  }

  /** Stores a file's embedded cover art; one that is not a usable image is left out. */
  private async embeddedCover(
    picture: EmbeddedPicture | undefined,
    stored: StoredImage[],
  ): Promise<StoredImage | null> {
    if (!picture) return null;
    try {
      const image = await this.covers.save(Readable.from([picture.data]));
      stored.push(image);
      return image;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  /**
   * Removes the covers of this request that no row kept: all of them after a failure; after a
   * commit, one whose picture was kept already (its row took the older key).
   */
  private async dropUnkeptCovers(covers: readonly StoredImage[]): Promise<void> {
    for (const image of covers) await this.covers.discard(image);
  }
}

/**
 * A song's fields from its file alone: a file without a title is called by its name, without an
 * artist by `UNKNOWN_ARTIST`, and a genre the seven do not name is `other`. A file browsers
 * cannot play, or whose length cannot be read, is refused.
 */
function fieldsFromTags(tags: AudioTags, fileTitle: string): ResolvedSongFields {
  refuseUnplayable(tags, { unreadable: true });
  if (tags.duration === undefined) throw unreadableAudio();
  return {
    title: tags.title ?? fileTitle,
    artist: tags.artist ?? UNKNOWN_ARTIST,
    album: tags.album ?? null,
    genre: tags.genre ?? 'other',
    releaseYear: tags.releaseYear ?? null,
    duration: tags.duration,
  };
}

function audioRequired(): Invalid {
  const message = songFormMessages.audioRequired;
  return new Invalid(
    message,
    [{ field: 'audioFile', code: 'audio_required', message }],
    'audio_required',
  );
}

function audioColumns(audio: StoredAudio) {
  return { audioKey: audio.key, audioMime: audio.mime, audioBytes: audio.bytes };
}
