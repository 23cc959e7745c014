import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { songFormMessages } from '@cadenza/contract/song-form';
import { NotFound, UnsupportedType } from '../../errors';
import { newId } from '../../ids';
import type { ObjectStore } from '../../storage/object-store';
import { peek, SNIFF_BYTES, sniffAudio, type SniffedType } from '../../storage/sniff';
import type { AudioTags } from '../../domain/audio-tags';
import { readAudioTags } from './audio-tags';
import { readTrailingTags } from './trailing-tags';
import { MAX_EMBEDDED_PICTURE_BYTES } from './embedded-pictures';
import { contentTypeOfExtension, UNKNOWN_CONTENT_TYPE } from '../delivery/media-types';
import type { FormFileStore } from '../uploads/multipart-form';
import { InspectedAudio, ReceivedAudio, UploadedAudio } from '../uploads/stored-files';

/** An audio file's type by its first bytes, else by its name's extension when it has one. */
export function audioTypeOf(head: Buffer, name?: string): string {
  return orByName(sniffAudio(head.subarray(0, SNIFF_BYTES))?.mime ?? UNKNOWN_CONTENT_TYPE, name);
}

/** A type its first bytes did not tell, told by the file's name when it has one. */
function orByName(sniffed: string, name: string | undefined): string {
  if (sniffed !== UNKNOWN_CONTENT_TYPE || name === undefined) return sniffed;
  return contentTypeOfExtension(name.toLowerCase()) ?? sniffed;
}

/**
 * The tags before the audio, completed by those after it: each field comes from the leading tags
 * when they have it. A file the streaming pass could not read is readable after all when its end
 * could be. Whether browsers play its encoding is the streaming pass's to say, which looks at the
 * audio's bytes too, unless it could not read the file.
 */
function withTrailing(leading: AudioTags, trailing: AudioTags | null): AudioTags {
  if (!trailing) return leading;
  const {
    picture: _picture,
    oversizedPictureBytes: _oversized,
    unplayableEncoding,
    ...rest
  } = trailing;
  const judged = leading.unreadable && unplayableEncoding !== undefined;
  const { unreadable, ...merged } = {
    ...rest,
    ...(judged ? { unplayableEncoding } : {}),
    ...leading,
    catalogue: { ...rest.catalogue, ...leading.catalogue },
  };
  return unreadable && trailing.unreadable ? { ...merged, unreadable } : merged;
}

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
    /**
     * ffmpeg is there to transcode: a file in an encoding browsers cannot play is taken all the
     * same (its row's codec and container say it is to be played through ffmpeg).
     */
    private readonly transcodes = false,
  ) {}

  /** Stores an uploaded audio file and answers its key. */
  async save(source: Readable): Promise<UploadedAudio> {
    const { type, stream } = await recognisedAudio(source);
    const key = `audio/${newId()}`;
    await this.store.put(key, stream, { contentType: type.mime });
    return new UploadedAudio(key);
  }

  /**
   * Stores a file sent to the library as it comes, recognised or not (its type when its first
   * bytes tell it): what it holds is for the import to find out, and to name when it refuses it.
   */
  readonly receiver: FormFileStore<ReceivedAudio> = {
    save: async (source, { filename }) => {
      const { head, stream } = await peek(source);
      const key = `audio/${newId()}`;
      const contentType = sniffAudio(head)?.mime ?? UNKNOWN_CONTENT_TYPE;
      const stored = await this.store.put(key, stream, { contentType });
      return new ReceivedAudio(key, stored.sha256, stored.bytes, filename);
    },
    discard: (file) => this.discard(file.key),
  };

  async discard(file: UploadedAudio | string | null): Promise<void> {
    const key = file instanceof UploadedAudio ? file.key : file;
    if (key !== null) await this.store.delete(key);
  }

  /**
   * The type and size of a stored file, for its song row. A file whose first bytes say nothing
   * is known by its name's extension, when it has a name.
   */
  async describe(key: string, name?: string): Promise<StoredAudio> {
    const head = await this.store.head(key);
    if (!head) throw new NotFound('The audio file is missing.', 'audio_file_missing');
    const sniffed = head.contentType ?? (await this.sniffStored(key, head.bytes));
    const mime = orByName(sniffed, name);
    return { key, mime, bytes: head.bytes };
  }

  /** Logs what tags read elsewhere (a scan's reader thread) left out, like `readTags`. */
  noteTags(tags: AudioTags, key: string): AudioTags {
    return this.noted(tags, key);
  }

  /**
   * The tags of a stored file, from the whole of it: those before the audio as it streams past
   * (pictures over the limit left out unread), then those at its end (ID3v1, APEv2), which fill
   * in what the first left unsaid.
   */
  async readTags(audio: StoredAudio): Promise<AudioTags> {
    const stream = await this.store.get(audio.key);
    let leading: AudioTags;
    try {
      leading = await readAudioTags(stream, audio);
    } finally {
      stream.destroy();
    }
    return this.noted(withTrailing(leading, await readTrailingTags(this.store, audio)), audio.key);
  }

  /**
   * Reads an uploaded audio file's tags without keeping it: for a form that only wants to know
   * what a file would fill in. The file is stored just long enough to be read like a saved one,
   * so that both give the same answer.
   */
  readonly inspector: FormFileStore<InspectedAudio> = {
    save: async (source) => {
      const uploaded = await this.save(source);
      try {
        return new InspectedAudio(await this.readTags(await this.describe(uploaded.key)));
      } finally {
        await this.discard(uploaded);
      }
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

  /**
   * Logs an embedded picture left out for its size (the answer may say so too); with ffmpeg,
   * an encoding browsers cannot play no longer keeps the file out.
   */
  private noted(tags: AudioTags, file: string): AudioTags {
    if (tags.oversizedPictureBytes !== undefined) {
      this.log.info(
        { file, pictureBytes: tags.oversizedPictureBytes, maxBytes: MAX_EMBEDDED_PICTURE_BYTES },
        'embedded picture over the size limit left out',
      );
    }
    if (this.transcodes && tags.unplayableEncoding !== undefined) {
      const { unplayableEncoding: _playedThroughFfmpeg, ...taken } = tags;
      return taken;
    }
    return tags;
  }
}
