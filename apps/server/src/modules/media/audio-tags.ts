import type { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';
import {
  currentYear,
  MAX_DURATION_SECONDS,
  MAX_SONG_TEXT_LENGTH,
  MIN_RELEASE_YEAR,
} from '@cadenza/contract/song-form';
import type { Genre } from '@cadenza/contract/songs';
import { genreFromTag } from '../songs/genre-from-tag';

export interface EmbeddedPicture {
  readonly mime: string;
  readonly data: Buffer;
}

/** What an audio file says about itself; each field is absent when the file does not say it. */
export interface AudioTags {
  readonly title?: string;
  readonly artist?: string;
  readonly album?: string;
  readonly genre?: Genre;
  readonly releaseYear?: number;
  /** Whole seconds, from 1 to MAX_DURATION_SECONDS. */
  readonly duration?: number;
  readonly picture?: EmbeddedPicture;
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, MAX_SONG_TEXT_LENGTH) : undefined;
}

/** A file that claims more than the longest song is lying (a forged or broken header). */
function seconds(duration: number | undefined): number | undefined {
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) return undefined;
  const whole = Math.max(1, Math.round(duration));
  return whole <= MAX_DURATION_SECONDS ? whole : undefined;
}

function releaseYear(year: number | undefined): number | undefined {
  return year !== undefined && year >= MIN_RELEASE_YEAR && year <= currentYear() ? year : undefined;
}

/**
 * Reads the tags, duration and embedded cover of an audio stream. A file whose tags cannot be
 * read simply says nothing: its type was already recognised by its bytes. The stream may be
 * left unfinished; the caller reads or destroys the rest.
 */
export async function readAudioTags(
  source: Readable,
  file: { readonly mime: string; readonly bytes?: number },
): Promise<AudioTags> {
  let metadata;
  try {
    metadata = await parseStream(
      source,
      { mimeType: file.mime, ...(file.bytes === undefined ? {} : { size: file.bytes }) },
      { duration: true },
    );
  } catch {
    return {};
  }
  const { common, format } = metadata;
  const genre = common.genre?.map(text).find((name) => name !== undefined);
  const picture = common.picture?.find((candidate) => candidate.data.length > 0);
  const tags: AudioTags = {
    title: text(common.title),
    artist: text(common.artist ?? common.albumartist),
    album: text(common.album),
    genre: genre === undefined ? undefined : genreFromTag(genre),
    releaseYear: releaseYear(common.year),
    duration: seconds(format.duration),
    picture: picture ? { mime: picture.format, data: Buffer.from(picture.data) } : undefined,
  };
  return Object.fromEntries(
    Object.entries(tags).filter(([, value]) => value !== undefined),
  ) as AudioTags;
}
