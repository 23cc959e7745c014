import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { songFormMessages } from '@cadenza/contract/song-form';
import { NotFound, UnsupportedType } from '../../errors';
import { newId } from '../../ids';
import type { ObjectStore } from '../../storage/object-store';
import { peek, SNIFF_BYTES, sniffAudio, type SniffedType } from '../../storage/sniff';
import { readAudioTags, type AudioTags } from './audio-tags';
import { MAX_EMBEDDED_PICTURE_BYTES } from './embedded-pictures';
import { UNKNOWN_CONTENT_TYPE } from './media-types';
import type { FormFileStore } from './multipart-form';
import { InspectedAudio, UploadedAudio } from './stored-files';

/** The type of an uploaded audio file by its first bytes; 415 for anything else. */
export async function recognisedAudio(
  source: Readable,
): Promise<{ type: SniffedType; stream: Readable }> {
  const { head, stream } = await peek(source);
  const type = sniffAudio(head);
  if (!type) throw new UnsupportedType(songFormMessages.audioType);
  return { type, stream };
}

export interface StoredAudio {
  readonly key: string;
  readonly mime: string;
  readonly bytes: number;
}

/**
 * Songs' audio files: recognised by their bytes and streamed into the store under a fresh key of
 * their own (`audio/<id>`), so that each song row owns its file. Their type and size go to the
 * row; the key says nothing of them.
 */
export class AudioFiles implements FormFileStore<UploadedAudio> {
  constructor(
    private readonly store: ObjectStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Stores an uploaded audio file and answers its key. */
  async save(source: Readable): Promise<UploadedAudio> {
    const { type, stream } = await recognisedAudio(source);
    const key = `audio/${newId()}`;
    await this.store.put(key, stream, { contentType: type.mime });
    return new UploadedAudio(key);
  }

  async discard(file: UploadedAudio | string | null): Promise<void> {
    const key = file instanceof UploadedAudio ? file.key : file;
    if (key !== null) await this.store.delete(key);
  }

  /** The type and size of a stored file, for its song row. */
  async describe(key: string): Promise<StoredAudio> {
    const head = await this.store.head(key);
    if (!head) throw new NotFound('The audio file is missing.', 'audio_file_missing');
    const mime = head.contentType ?? (await this.sniffStored(key, head.bytes));
    return { key, mime, bytes: head.bytes };
  }

  /** The tags of a stored file, read from the store as a stream. */
  async readTags(audio: StoredAudio): Promise<AudioTags> {
    const stream = await this.store.get(audio.key);
    try {
      return this.noted(await readAudioTags(stream, audio), audio.key);
    } finally {
      stream.destroy();
    }
  }

  /**
   * Reads an uploaded audio file's tags as it streams past, storing nothing: for a form that only
   * wants to know what a file would fill in.
   */
  readonly inspector: FormFileStore<InspectedAudio> = {
    save: async (source) => {
      const { type, stream } = await recognisedAudio(source);
      const tags = await readAudioTags(stream, { mime: type.mime }, { readToEnd: true });
      return new InspectedAudio(this.noted(tags, 'an inspected upload'));
    },
    discard: async () => {},
  };

  /** The type of a stored file by its first bytes, as it was recognised when it came in. */
  private async sniffStored(key: string, bytes: number): Promise<string> {
    if (bytes === 0) return UNKNOWN_CONTENT_TYPE;
    const head = await this.store.getBytes(key, {
      start: 0,
      end: Math.min(bytes, SNIFF_BYTES) - 1,
    });
    return sniffAudio(head)?.mime ?? UNKNOWN_CONTENT_TYPE;
  }

  /** Logs an embedded picture left out for its size (the answer may say so too). */
  private noted(tags: AudioTags, file: string): AudioTags {
    if (tags.oversizedPictureBytes !== undefined) {
      this.log.info(
        { file, pictureBytes: tags.oversizedPictureBytes, maxBytes: MAX_EMBEDDED_PICTURE_BYTES },
        'embedded picture over the size limit left out',
      );
    }
    return tags;
  }
}
