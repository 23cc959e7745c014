import { libraryMessages } from '@cadenza/contract/library';
import { UnsupportedType } from '../../errors';
import type { AudioDamage, AudioTags } from '../../domain/audio-tags';

/**
 * Which encodings browsers play as they are: those Chromium plays (e2e/chromium-audio-corpus).
 * MP3 (MPEG layer III), AAC-LC (ADTS) and FLAC files; Vorbis, Opus or FLAC in Ogg; AAC-LC, FLAC,
 * Opus or MP3 in MP4; Opus, Vorbis, FLAC, AAC or MP3 in Matroska/WebM; and WAV of integer PCM of
 * 8 to 32 bits, 32-bit floating point, A-law, µ-law or MP3. Anything else would be a song that
 * never plays, so it is refused by name.
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
  [/adpcm/i, 'ADPCM audio'],
  [/^MPEG$/, 'MPEG layer I or II audio'],
  [/^IEEE_FLOAT \((\d+)-bit\)$/, '$1-bit floating-point audio'],
  [/^PCM \((\d+)-bit\)$/, '$1-bit PCM audio'],
  [/^AAC/i, 'This kind of AAC audio'],
];

const MP4 = /^(?:M4A|isom|mp4|mp42|3gp)/i;

/** The same for containers none of whose encodings are taken as they are. */
const CONTAINER_NAMES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^AIFF/i, 'AIFF audio'],
  [/^ASF/i, 'Windows Media Audio'],
  [/^Monkey/i, "Monkey's Audio"],
  [/^Musepack/i, 'Musepack audio'],
  [/^WavPack/i, 'WavPack audio'],
  [/^(?:DSDIFF|DSF)/i, 'DSD audio'],
  [/^qt$/i, 'QuickTime media'],
  [MP4, 'This MP4 file'],
];

/** The containers browsers open, each with the codecs (as the parser names them) they play in it. */
const PLAYABLE: ReadonlyArray<{ readonly container: RegExp; readonly codec: RegExp }> = [
  { container: /^MPEG$/, codec: /^MPEG [0-9.]+ Layer 3$/i },
  { container: /^FLAC$/, codec: /^FLAC$/ },
  { container: /^ADTS/, codec: /^AAC$/ },
  { container: /^Ogg$/, codec: /^(?:Vorbis I|Opus|FLAC)$/i },
  { container: /^WAVE$/, codec: /^(?:PCM|IEEE_FLOAT|ALAW|MULAW|MPEGLAYER3)$/ },
  // One track only: `codec` joins several with "+".
  { container: MP4, codec: /^(?:MPEG-4\/AAC|FLAC|Opus|MPEG-1 layer 3)$/ },
  { container: /^EBML\//, codec: /^(?:OPUS|VORBIS|FLAC|AAC|MPEG\/L3)$/ },
];

function named(label: string, names: ReadonlyArray<readonly [RegExp, string]>): string {
  for (const [pattern, name] of names) {
    const match = pattern.exec(label);
    if (match) return name.replace('$1', match[1] ?? '');
  }
  return `${label} audio`;
}

function isPlayable({ container = '', codec = '', codecProfile }: EncodingFacts): boolean {
  const entry = PLAYABLE.find((candidate) => candidate.container.test(container));
  if (!entry?.codec.test(codec)) return false;
  // Of AAC, only its low-complexity profile is known to play.
  return !/AAC$/.test(codec) || (codecProfile ?? 'AAC LC') === 'AAC LC';
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
  const opened = container && PLAYABLE.some((entry) => entry.container.test(container));
  if (container && !opened) return named(container, CONTAINER_NAMES);
  // Inside an MP4 file, only a codec other than AAC says more than the container does.
  if (container && MP4.test(container) && (!codec || /^AAC/i.test(codec))) {
    return named(container, CONTAINER_NAMES);
  }
  return codec ? named(codec, CODEC_NAMES) : container ? named(container, CONTAINER_NAMES) : null;
}

/** 415 for a file that could not be read as audio at all. */
export function unreadableAudio(): UnsupportedType {
  return new UnsupportedType(libraryMessages.unreadableAudio, 'unreadable_audio');
}

const DAMAGE_MESSAGES: Readonly<Record<AudioDamage, string>> = {
  'cut-short': libraryMessages.cutShortAudio,
  'failed-checksum': libraryMessages.damagedAudio,
};

/**
 * Refuses (415, naming it) a file whose encoding browsers cannot play; with `unreadable`, also
 * one that could not be read at all, or whose audio is damaged where browsers cannot get past it
 * (a library import has nothing else to go by, while the song form has what the admin typed).
 */
export function refuseUnplayable(
  tags: AudioTags,
  { unreadable = false }: { readonly unreadable?: boolean } = {},
): void {
  if (unreadable && tags.damage !== undefined) {
    throw new UnsupportedType(DAMAGE_MESSAGES[tags.damage], 'unreadable_audio');
  }
  if (tags.unplayableEncoding !== undefined) {
    throw new UnsupportedType(
      libraryMessages.unsupportedCodec(tags.unplayableEncoding),
      'unsupported_codec',
    );
  }
  if (unreadable && tags.unreadable) throw unreadableAudio();
}
