import type { OutputFormat } from '../transcoding/song-streams.service';
import { sameCodec, sameContainer, type AudioFacts } from './audio-facts';
import type { TranscodingProfile } from './client-info';

/** What a transcode of this server is, as OpenSubsonic clients name it and ffmpeg makes it. */
interface OutputAudio {
  readonly codec: string;
  /** Its container, by this server's name for it (clients' other names match it too). */
  readonly container: string;
  /** The rates its encoder takes: ffmpeg resamples to the nearest. */
  readonly sampleRates: readonly number[];
  /** ffmpeg mixes more channels down to these. */
  readonly maxChannels: number;
  readonly profile: string | null;
}

const MP3_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];

/** By the transcoding module's format names. */
const OUTPUT_AUDIO: Readonly<Record<string, OutputAudio>> = {
  mp3: { codec: 'mp3', container: 'mp3', sampleRates: MP3_RATES, maxChannels: 2, profile: null },
  // Opus always runs at 48 kHz; it is sent in Ogg.
  opus: { codec: 'opus', container: 'ogg', sampleRates: [48000], maxChannels: 8, profile: null },
  // ffmpeg's own encoder writes AAC-LC, in ADTS frames (no MP4 box around them).
  aac: {
    codec: 'aac',
    container: 'aac',
    sampleRates: [7350, ...MP3_RATES, 64000, 88200, 96000],
    maxChannels: 8,
    profile: 'LC',
  },
};

/** A format this server makes, with what it is called and how it sounds. */
export interface Output extends OutputFormat {
  readonly audio: OutputAudio;
}

/**
 * The format a transcoding profile asks for among those this server makes, or why none fits:
 * the profile's codec (or, without one, its container's usual codec) sent in its container.
 */
export function outputFor(
  profile: TranscodingProfile,
  outputs: readonly OutputFormat[],
): Output | string {
  const known = outputs.flatMap((output) => {
    const audio = OUTPUT_AUDIO[output.format];
    return audio ? [{ ...output, audio }] : [];
  });
  const codec = profile.audioCodec.trim();
  const container = profile.container.trim();
  const inContainer = (output: Output) =>
    container === '' || sameContainer(output.audio.container, container);
  const ofCodec = known.filter((output) =>
    codec === '' ? inContainer(output) : sameCodec(output.audio.codec, codec),
  );
  const found = ofCodec.find(inContainer);
  if (found) return found;
  const wanted = `${codec || 'audio'} in ${container || 'any container'}`;
  if (known.length === 0) return `${wanted}: this server cannot transcode (it has no ffmpeg)`;
  if (ofCodec[0]) {
    return `${wanted}: this server sends ${ofCodec[0].audio.codec} in ${ofCodec[0].audio.container} only`;
  }
  return `${wanted}: this server transcodes to ${known.map((output) => output.audio.codec).join(', ')} only`;
}

function nearest(rates: readonly number[], rate: number): number {
  return rates.reduce((best, candidate) =>
    Math.abs(candidate - rate) < Math.abs(best - rate) ? candidate : best,
  );
}

/** A transcode of `source` into `output` at `kbps`, as ffmpeg makes it. */
export function transcodedAudio(
  source: AudioFacts,
  output: Output,
  container: string,
  kbps: number,
): AudioFacts {
  const { audio } = output;
  const onlyRate = audio.sampleRates.length === 1 ? (audio.sampleRates[0] ?? null) : null;
  return {
    container: container.trim().toLowerCase() || audio.container,
    codec: audio.codec,
    bitRate: kbps * 1000,
    sampleRate:
      onlyRate ??
      (source.sampleRate === null ? null : nearest(audio.sampleRates, source.sampleRate)),
    channels: source.channels === null ? null : Math.min(source.channels, audio.maxChannels),
    bitDepth: null,
    profile: audio.profile,
  };
}

/** Whether no transcode into `output` can have more channels than `max`. */
export function channelsAtMost(output: Output, source: AudioFacts, max: number): boolean {
  const channels = Math.min(source.channels ?? Infinity, output.audio.maxChannels);
  return channels <= max;
}
