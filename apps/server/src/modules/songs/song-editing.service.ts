import { Readable } from 'node:stream';
import { coverMessages } from '@cadenza/contract/covers';
import {
  songFormMessages,
  type SongFields,
  type SongFileDetails,
} from '@cadenza/contract/song-form';
import { AppError, Invalid } from '../../errors';
import { newId } from '../../ids';
import type { AudioFiles, StoredAudio } from '../media/audio-files';
import type { AudioTags, EmbeddedPicture } from '../media/audio-tags';
import { coverPreviewDataUrl, type CoverImages } from '../media/cover-images';
import type { StoredImage, UploadedAudio } from '../media/stored-files';
import { catalogueTagsFor, resolveSongFields } from './song-fields';
import type { SongRecord } from './song-record';
import type { SongsRepository } from './songs.repository';
import { songNotFound } from './songs.service';

/** A song form: its text fields, and the audio file and cover image already stored. */
export interface SongInput extends SongFields {
  readonly audioFile?: UploadedAudio | undefined;
  readonly coverImage?: StoredImage | undefined;
}

/**
 * Changes to the songs themselves (SPEC.md §3 "Admin song form"): adding one from an uploaded
 * file, reading what a file would fill in, editing and deleting. Uploads are already stored when
 * these rules run, and whoever stored them takes them back when the request fails; a cover taken
 * from the file's tags is stored here, and taken back here. A success removes the files it
 * replaced. Who may do this is the routes' concern.
 */
export class SongEditingService {
  constructor(
    private readonly songs: SongsRepository,
    private readonly audio: AudioFiles,
    private readonly covers: CoverImages,
  ) {}

  async create(input: SongInput): Promise<SongRecord> {
    const { audioFile, coverImage, ...fields } = input;
    if (!audioFile) throw audioRequired();
    const embedded: StoredImage[] = [];
    let row: SongRecord;
    try {
      const audio = await this.audio.describe(audioFile.key);
      const tags = await this.audio.readTags(audio);
      const resolved = resolveSongFields(fields, tags, null);
      const cover = coverImage ?? (await this.embeddedCover(tags.picture, embedded));
      row = await this.songs.insert({
        id: newId(),
        ...resolved,
        cover,
        ...audioColumns(audio),
        createdAt: new Date().toISOString(),
        tags: catalogueTagsFor(fields, tags),
      });
    } catch (error) {
      await this.dropUnkeptCovers(embedded);
      throw error;
    }
    await this.dropUnkeptCovers(coverImage ? [coverImage, ...embedded] : embedded);
    return row;
  }

  /** 404 for a song that does not exist: checked before an upload for it is read and stored. */
  async ensureExists(songId: string): Promise<void> {
    if (!(await this.songs.findById(songId))) throw songNotFound();
  }

  /** Fields left empty keep their value; a new audio file replaces the old one, which is removed. */
  async update(songId: string, input: SongInput): Promise<SongRecord> {
    const { audioFile, coverImage, ...fields } = input;
    const embedded: StoredImage[] = [];
    let before: SongRecord;
    let after: SongRecord;
    try {
      const current = await this.songs.findById(songId);
      if (!current) throw songNotFound();
      before = current;
      const audio = audioFile ? await this.audio.describe(audioFile.key) : null;
      const tags = audio ? await this.audio.readTags(audio) : null;
      const resolved = resolveSongFields(fields, tags, current);
      const cover =
        coverImage ?? current.coverKey ?? (await this.embeddedCover(tags?.picture, embedded));
      const updated = await this.songs.update(songId, {
        ...resolved,
        cover,
        ...(audio ? { ...audioColumns(audio), tags: catalogueTagsFor(fields, tags) } : {}),
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
