import { Readable } from 'node:stream';
import { coverMessages } from '@cadenza/contract/covers';
import {
  songFieldsSchema,
  songFormMessages,
  type SongFileDetails,
} from '@cadenza/contract/song-form';
import { AppError, Invalid } from '../../errors';
import { newId } from '../../ids';
import { parseInput } from '../../parse-input';
import type { AudioFiles, StoredAudio } from '../media/audio-files';
import type { AudioTags, EmbeddedPicture } from '../media/audio-tags';
import { coverPreviewDataUrl, type CoverImages } from '../media/cover-images';
import type { StoredImage } from '../media/images.repository';
import type { FormFiles } from '../media/multipart-form';
import { catalogueTagsFor, resolveSongFields } from './song-fields';
import type { SongRecord } from './song-record';
import type { SongsRepository } from './songs.repository';
import { songNotFound } from './songs.service';

/** The stored files of a song form: `audioFile`'s key and the `coverImage`. */
export type SongFormFiles = FormFiles<{ audioFile: AudioFiles; coverImage: CoverImages }>;

/**
 * Changes to the songs themselves (SPEC.md §3 "Admin song form"): adding one from an uploaded
 * file, reading what a file would fill in, editing and deleting. Uploads are already stored when
 * these rules run, so every failure takes the new files back, and a success removes the files it
 * replaced. Who may do this is the routes' concern.
 */
export class SongEditingService {
  constructor(
    private readonly songs: SongsRepository,
    private readonly audio: AudioFiles,
    private readonly covers: CoverImages,
  ) {}

  async create(fields: unknown, files: SongFormFiles): Promise<SongRecord> {
    const written = writtenFiles(files);
    let row: SongRecord;
    try {
      const typed = parseInput(songFieldsSchema, fields ?? {});
      if (!files.audioFile) {
        throw audioRequired();
      }
      const audio = await this.audio.describe(files.audioFile);
      const tags = await this.audio.readTags(audio);
      const resolved = resolveSongFields(typed, tags, null);
      const cover = files.coverImage ?? (await this.embeddedCover(tags.picture, written));
      row = await this.songs.insert({
        id: newId(),
        ...resolved,
        cover,
        ...audioColumns(audio),
        createdAt: new Date().toISOString(),
        tags: catalogueTagsFor(typed, tags),
      });
    } catch (error) {
      await this.takeBack(written);
      throw error;
    }
    await this.dropUnkeptCovers(written);
    return row;
  }

  /** 404 for a song that does not exist: checked before an upload for it is read and stored. */
  async ensureExists(songId: string): Promise<void> {
    if (!(await this.songs.findById(songId))) throw songNotFound();
  }

  /** Fields left empty keep their value; a new audio file replaces the old one, which is removed. */
  async update(songId: string, fields: unknown, files: SongFormFiles): Promise<SongRecord> {
    const written = writtenFiles(files);
    let before: SongRecord;
    let after: SongRecord;
    try {
      const typed = parseInput(songFieldsSchema, fields ?? {});
      const current = await this.songs.findById(songId);
      if (!current) throw songNotFound();
      before = current;
      const audio = files.audioFile ? await this.audio.describe(files.audioFile) : null;
      const tags = audio ? await this.audio.readTags(audio) : null;
      const resolved = resolveSongFields(typed, tags, current);
      const cover =
        files.coverImage ?? current.coverKey ?? (await this.embeddedCover(tags?.picture, written));
      const updated = await this.songs.update(songId, {
        ...resolved,
        cover,
        ...(audio ? { ...audioColumns(audio), tags: catalogueTagsFor(typed, tags) } : {}),
      });
      if (!updated) throw songNotFound();
      after = updated;
    } catch (error) {
      await this.takeBack(written);
      throw error;
    }
    if (after.audioKey !== before.audioKey) await this.audio.discard(before.audioKey);
    if (after.coverKey !== before.coverKey) await this.covers.discard(before.coverKey);
    await this.dropUnkeptCovers(written);
    return after;
  }

  /** Deletes a song, every reference to it, and then its files (a shared cover stays). */
  async delete(songId: string): Promise<void> {
    const deleted = await this.songs.delete(songId);
    if (!deleted) throw songNotFound();
    await this.audio.discard(deleted.audioKey);
    await this.covers.discard(deleted.coverKey);
  }

  /**
   * What the form would be filled with from these tags; nothing was stored. The cover comes as a
   * small preview, never as the picture itself.
   */
  async inspect(tags: AudioTags | undefined): Promise<SongFileDetails> {
    if (tags === undefined) {
      throw audioRequired();
    }
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
    written: WrittenFiles,
  ): Promise<StoredImage | null> {
    if (!picture) return null;
    try {
      const image = await this.covers.save(Readable.from([picture.data]));
      written.covers.push(image);
      return image;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  private async takeBack(written: WrittenFiles): Promise<void> {
    await this.audio.discard(written.audio);
    await this.dropUnkeptCovers(written);
  }

  /**
   * Removes the covers this request stored that no row kept: all of them after a failure; after
   * a commit, one whose picture was kept already (its row took the older key).
   */
  private async dropUnkeptCovers(written: WrittenFiles): Promise<void> {
    for (const image of written.covers) await this.covers.discard(image);
  }
}

function audioRequired(): Invalid {
  const message = songFormMessages.audioRequired;
  return new Invalid(
    message,
    [{ field: 'audioFile', code: 'audio_required', message }],
    'audio_required',
  );
}

/** The files a request stored, to take back if it fails (embedded covers join as stored). */
interface WrittenFiles {
  readonly audio: string | null;
  readonly covers: StoredImage[];
}

function writtenFiles(files: SongFormFiles): WrittenFiles {
  return { audio: files.audioFile ?? null, covers: files.coverImage ? [files.coverImage] : [] };
}

function audioColumns(audio: StoredAudio) {
  return { audioKey: audio.key, audioMime: audio.mime, audioBytes: audio.bytes };
}
