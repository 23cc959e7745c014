import type { SongRecord } from '../songs/song-record';
import { songSuffix } from './subsonic.presenter';
import type { SubsonicNode } from './subsonic-response';

/**
 * What is known of a stream, in OpenSubsonic's words: lower-case container and codec names as
 * clients write them ("flac", "mp3", "m4a"/"aac", "ogg"/"opus"), rates in bits per second and
 * hertz. Null where it is not known.
 */
export interface AudioFacts {
  readonly container: string;
  readonly codec: string;
  readonly bitRate: number | null;
  readonly sampleRate: number | null;
  readonly channels: number | null;
  readonly bitDepth: number | null;
  /** The codec's profile ("LC" for AAC-LC); null for codecs without profiles, or not known. */
  readonly profile: string | null;
}

/** The parser's codec labels (music-metadata's) as OpenSubsonic clients name codecs. */
const CODEC_LABELS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^MPEG [0-9.]+ Layer 3$/i, 'mp3'],
  [/^MPEG [0-9.]+ Layer 2$/i, 'mp2'],
  [/^MPEG [0-9.]+ Layer 1$/i, 'mp1'],
  [/^(?:MPEG-4\/)?AAC/i, 'aac'],
  [/alac/i, 'alac'],
  [/^FLAC$/i, 'flac'],
  [/^Opus$/i, 'opus'],
  [/^Vorbis/i, 'vorbis'],
  [/PCM/i, 'pcm'],
  [/WavPack/i, 'wavpack'],
  [/^Monkey/i, 'ape'],
  [/^Musepack/i, 'mpc'],
  [/Windows Media|^WMA/i, 'wma'],
  [/speex/i, 'speex'],
  [/^DSD|^DSF|^DSDIFF/i, 'dsd'],
];

/** The codec a file of this suffix holds, for rows that never recorded theirs. */
const CODEC_OF_SUFFIX: Readonly<Record<string, string>> = {
  mp3: 'mp3',
  flac: 'flac',
  m4a: 'aac',
  aac: 'aac',
  ogg: 'vorbis',
  opus: 'opus',
  wav: 'pcm',
  aif: 'pcm',
  aiff: 'pcm',
};

const LOSSLESS_CODECS: ReadonlySet<string> = new Set([
  'flac',
  'alac',
  'pcm',
  'wavpack',
  'ape',
  'dsd',
]);

/** Names that stand for the same container, or the same codec. */
const CONTAINER_FAMILIES: ReadonlyArray<readonly string[]> = [
  ['mp3', 'mpeg'],
  ['mp4', 'm4a', 'm4b'],
  ['aac', 'adts'],
  ['ogg', 'oga', 'opus'],
  ['aif', 'aiff'],
  ['wav', 'wave'],
];
const CODEC_FAMILIES: ReadonlyArray<readonly string[]> = [['aac', 'adts', 'mp4a']];

function sameName(families: ReadonlyArray<readonly string[]>, a: string, b: string): boolean {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (left === right) return true;
  return families.some((family) => family.includes(left) && family.includes(right));
}

export function sameContainer(a: string, b: string): boolean {
  return sameName(CONTAINER_FAMILIES, a, b);
}

export function sameCodec(a: string, b: string): boolean {
  return sameName(CODEC_FAMILIES, a, b);
}

export function isLossless(codec: string): boolean {
  return LOSSLESS_CODECS.has(codec);
}

function codecOf(song: SongRecord, suffix: string): string {
  const label = song.codec?.trim();
  if (label) {
    const known = CODEC_LABELS.find(([pattern]) => pattern.test(label));
    return known ? known[1] : label.toLowerCase();
  }
  return CODEC_OF_SUFFIX[suffix] ?? suffix;
}

/** A song's file as a stream: its suffix as the container (as `suffix` tells clients). */
export function sourceAudioOf(song: SongRecord): AudioFacts {
  const container = songSuffix(song).toLowerCase();
  const codec = codecOf(song, container);
  return {
    container,
    codec,
    bitRate: song.bitRate,
    sampleRate: song.sampleRate,
    channels: song.channels,
    bitDepth: null,
    // Only AAC-LC comes in as a playable AAC file (audio-files/playable-codecs.ts).
    profile: codec === 'aac' && song.playableAsIs ? 'LC' : null,
  };
}

/** OpenSubsonic's `StreamDetails`: what is not known is left out. */
export function presentStreamDetails(facts: AudioFacts): SubsonicNode {
  return {
    protocol: 'http',
    container: facts.container,
    codec: facts.codec,
    audioChannels: facts.channels ?? undefined,
    audioBitrate: facts.bitRate ?? undefined,
    audioProfile: facts.profile ?? undefined,
    audioSamplerate: facts.sampleRate ?? undefined,
    audioBitdepth: facts.bitDepth ?? undefined,
  };
}
