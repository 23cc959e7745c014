import type { Genre } from '@cadenza/contract/songs';
import type { CatalogueTags } from './grouping';

/** A picture an audio file carries in its tags. */
/**
 * What the tag reader reads, numbered: raised whenever it learns to read more from files, so that
 * the next scan reads again every file an earlier version read (keeping what was set by hand).
 * 1: what a file says of its release is kept with its song (domain/album-facts.ts).
 */
export const TAG_READER_VERSION = 1;

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
  /**
   * The size of an embedded picture left out for being over `MAX_EMBEDDED_PICTURE_BYTES` (the
   * largest, when there were several). One in an ID3v2 tag or a FLAC picture block was never
   * read into memory; others were read by the parser (which bounds them) and dropped.
   */
  readonly oversizedPictureBytes?: number;
  /** What the file says about its album, its artists and itself (domain/grouping.ts). */
  readonly catalogue?: CatalogueTags;
  /**
   * The name of an encoding browsers cannot play, when the file holds one
   * (modules/audio-files/playable-codecs.ts).
   */
  readonly unplayableEncoding?: string;
  /** Set when the file could not be read as audio at all: damaged, incomplete or not audio. */
  readonly unreadable?: true;
  /**
   * Why a file in an encoding browsers play would not play all the same, ffmpeg or not
   * (modules/audio-files/audio-bytes.ts).
   */
  readonly damage?: AudioDamage;
}

/**
 * `cut-short`: MPEG audio that ends before a whole frame is followed by another (a browser opens
 * no less); `failed-checksum`: an Ogg file whose pages carrying the codec's headers fail their
 * checksum (a browser drops them, and the file does not open).
 */
export type AudioDamage = 'cut-short' | 'failed-checksum';
