import { libraryMessages } from '@cadenza/contract/library';
import { UnsupportedType } from '../../errors';
import type { AudioTags } from '../../domain/audio-tags';

/**
 * Which encodings browsers play as they are: MP3 (MPEG layer III), AAC-LC, FLAC, Opus, Vorbis and
 * PCM WAV. Anything else would be a song that never plays, so it is refused by name.
 */

/** What a parser says about a file's encoding. */
export interface EncodingFacts {
  readonly container?: string | undefined;
  readonly codec?: string | undefined;
  readonly codecProfile?: string | undefined;
}

/** How people call the encodings a parser names by their technical labels. */
const CODEC_NAMES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^MPEG [0-9.]+ Layer 1$/i, 'MPEG layer I audio'],
  [/^MPEG [0-9.]+ Layer 2$/i, 'MPEG layer II audio'],
  [/alac/i, 'ALAC (Apple Lossless) audio'],
  [/speex/i, 'Speex audio'],
  [/gsm/i, 'GSM 6.10 audio'],
  [/a-?law/i, 'A-law audio'],
  [/mu-?law|µ-law/i, 'µ-law audio'],
  [/adpcm/i, 'ADPCM audio'],
  [/^MPEGLAYER3$/i, 'MP3 inside a WAV file'],
  [/IEEE_FLOAT|floating point/i, 'Floating-point PCM audio'],
  [/^AAC/i, 'This kind of AAC audio'],
];

/** The same for containers none of whose encodings are taken as they are. */
const CONTAINER_NAMES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^AIFF/i, 'AIFF audio'],
  [/^EBML\/webm/i, 'WebM audio'],
  [/^EBML/i, 'Matroska audio'],
  [/^ASF/i, 'Windows Media Audio'],
  [/^Monkey/i, "Monkey's Audio"],
  [/^Musepack/i, 'Musepack audio'],
  [/^WavPack/i, 'WavPack audio'],
  [/^(?:DSDIFF|DSF)/i, 'DSD audio'],
  [/^qt$/i, 'QuickTime media'],
  [/^(?:M4A|isom|mp4|mp42|3gp)/i, 'This MP4 file'],
];

/** Containers whose playable encodings are listed in `isPlayable`. */
const ACCEPTED_CONTAINERS = /^(?:MPEG|FLAC|Ogg|WAVE|ADTS)$|^ADTS/;

function named(label: string, names: ReadonlyArray<readonly [RegExp, string]>): string {
  return names.find(([pattern]) => pattern.test(label))?.[1] ?? `${label} audio`;
}

const MPEG_LAYER_3 = /^MPEG [0-9.]+ Layer 3$/i;
const OGG_CODECS = /^(?:Vorbis I|Opus|FLAC)$/i;

function isPlayable({ container = '', codec = '', codecProfile }: EncodingFacts): boolean {
  if (container === 'MPEG') return MPEG_LAYER_3.test(codec);
  if (container === 'FLAC') return codec === 'FLAC';
  if (container === 'Ogg') return OGG_CODECS.test(codec);
  if (container === 'WAVE') return codec === 'PCM';
  if (container.startsWith('ADTS'))
    return codec === 'AAC' && (codecProfile ?? 'AAC LC') === 'AAC LC';
  // MP4 family: the brands vary (M4A/isom/…); only a single AAC track plays everywhere.
  if (/^(?:M4A|isom|mp4|mp42|3gp)/i.test(container)) {
    return /^(?:MPEG-4\/)?AAC$/.test(codec) && (codecProfile ?? 'AAC LC') === 'AAC LC';
  }
  return false;
}

/**
 * Null for an encoding browsers play; otherwise the name of what the file holds, for the message
 * that refuses it ("MPEG layer II", "ALAC (Apple Lossless)", "AIFF", …). A file the parser could
 * not place at all is not judged here (see `unreadable`).
 */
export function unplayableEncoding(facts: EncodingFacts): string | null {
  if (isPlayable(facts)) return null;
  const container = facts.container?.trim();
  const codec = facts.codec?.trim().replace(/^MPEG-4\//, '');
  if (container && !ACCEPTED_CONTAINERS.test(container)) {
    // Inside an MP4 file, a codec other than AAC says more than the container does.
    const telling = codec && /^(?:M4A|isom|mp4|mp42|3gp)/i.test(container) && !/^AAC/i.test(codec);
    return telling ? named(codec, CODEC_NAMES) : named(container, CONTAINER_NAMES);
  }
  return codec ? named(codec, CODEC_NAMES) : container ? named(container, CONTAINER_NAMES) : null;
}

/** 415 for a file that could not be read as audio at all. */
export function unreadableAudio(): UnsupportedType {
  return new UnsupportedType(libraryMessages.unreadableAudio, 'unreadable_audio');
}

/**
 * Refuses (415, naming it) a file whose encoding browsers cannot play; with `unreadable`, also
 * one that could not be read at all (a library import has nothing else to go by, while the song
 * form has what the admin typed).
 */
export function refuseUnplayable(
  tags: AudioTags,
  { unreadable = false }: { readonly unreadable?: boolean } = {},
): void {
  if (tags.unplayableEncoding !== undefined) {
    throw new UnsupportedType(
      libraryMessages.unsupportedCodec(tags.unplayableEncoding),
      'unsupported_codec',
    );
  }
  if (unreadable && tags.unreadable) throw unreadableAudio();
}
