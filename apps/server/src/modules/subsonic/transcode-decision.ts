import type { OutputFormat } from '../transcoding/song-streams.service';
import { isLossless, sameCodec, sameContainer, type AudioFacts } from './audio-facts';
import type { ClientInfo, DirectPlayProfile, TranscodingProfile } from './client-info';
import { kbpsWithin, limitationsOf, unmetLimitation } from './codec-limitations';
import { channelsAtMost, outputFor, transcodedAudio } from './transcode-outputs';

/** The transcode a client is to be sent. */
export interface TranscodeChoice {
  readonly format: OutputFormat['format'];
  readonly kbps: number;
  /** The stream as it will be sent. */
  readonly stream: AudioFacts;
}

/** OpenSubsonic's transcode decision, before it is signed and presented. */
export interface TranscodeDecision {
  readonly source: AudioFacts;
  readonly canDirectPlay: boolean;
  /** Why each direct play profile does not fit, in the client's order; none when one does. */
  readonly transcodeReasons: readonly string[];
  /** Null when the file plays as it is, or when no transcoding profile can be met. */
  readonly transcode: TranscodeChoice | null;
  /** Why the song cannot be played at all; null when it can. */
  readonly errorReason: string | null;
}

export interface DecisionInput {
  readonly source: AudioFacts;
  readonly client: ClientInfo;
  /** The formats this server makes: none without ffmpeg. */
  readonly outputs: readonly OutputFormat[];
  /** The most this listener may be sent, kbps (the administrator's limit); 0 for none. */
  readonly limitKbps: number;
}

/** The lower of two limits where 0 is none. */
function lower(a: number, b: number): number {
  if (a === 0) return b;
  if (b === 0) return a;
  return Math.min(a, b);
}

function listed(names: readonly string[]): string {
  return names.join(', ');
}

/** Why the file cannot be played as it is by this profile; null when it can. */
function directPlayMismatch(
  source: AudioFacts,
  profile: DirectPlayProfile,
  client: ClientInfo,
  maxBps: number,
): string | null {
  if (profile.protocols.length > 0 && !profile.protocols.includes('http')) {
    return 'the profile is for HLS, which this server does not offer';
  }
  if (maxBps > 0 && (source.bitRate === null || source.bitRate > maxBps)) {
    return `audio bit rate ${source.bitRate ?? 'not known'} is over the maximum ${maxBps}`;
  }
  const { containers, audioCodecs } = profile;
  if (containers.length > 0 && !containers.some((name) => sameContainer(name, source.container))) {
    return `container ${source.container} is not one of ${listed(containers)}`;
  }
  if (audioCodecs.length > 0 && !audioCodecs.some((name) => sameCodec(name, source.codec))) {
    return `audio codec ${source.codec} is not one of ${listed(audioCodecs)}`;
  }
  const maxChannels = profile.maxAudioChannels ?? 0;
  if (maxChannels > 0 && (source.channels === null || source.channels > maxChannels)) {
    return `audio channels ${source.channels ?? 'not known'} are more than ${maxChannels}`;
  }
  return unmetLimitation(source, limitationsOf(source.codec, client.codecProfiles));
}

/** The transcode this profile asks for, or why this server cannot make it. */
function transcodeFor(
  source: AudioFacts,
  profile: TranscodingProfile,
  client: ClientInfo,
  input: DecisionInput,
  maxBps: number,
): TranscodeChoice | string {
  if (profile.protocol !== 'http') return 'HLS, which this server does not offer';
  const output = outputFor(profile, input.outputs);
  if (typeof output === 'string') return output;
  const ceilingKbps = Math.floor(lower(maxBps, client.maxTranscodingAudioBitrate) / 1000);
  if (ceilingKbps > 0 && ceilingKbps < output.minKbps) {
    return `${output.format} is made at ${output.minKbps} kbps at least, over the maximum ${ceilingKbps} kbps`;
  }
  const maxKbps = ceilingKbps > 0 ? Math.min(ceilingKbps, output.maxKbps) : output.maxKbps;
  let kbps = ceilingKbps > 0 ? ceilingKbps : output.defaultKbps;
  // A lossy file gains nothing from a richer transcode.
  if (!isLossless(source.codec) && source.bitRate !== null) {
    kbps = Math.min(kbps, Math.round(source.bitRate / 1000));
  }
  kbps = Math.min(Math.max(kbps, output.minKbps), maxKbps);
  const limitations = limitationsOf(output.audio.codec, client.codecProfiles);
  kbps = kbpsWithin(kbps, limitations, { minKbps: output.minKbps, maxKbps });
  const stream = transcodedAudio(source, output, profile.container, kbps);
  const maxChannels = profile.maxAudioChannels ?? 0;
  if (maxChannels > 0 && !channelsAtMost(output, source, maxChannels)) {
    return `${output.format}: audio channels ${source.channels ?? 'not known'} are more than ${maxChannels}, and this server does not mix them down`;
  }
  const unmet = unmetLimitation(stream, limitations);
  if (unmet !== null) return `${output.format}: ${unmet}`;
  return { format: output.format, kbps, stream };
}

function errorReasonOf(input: DecisionInput, transcodeFailures: readonly string[]): string {
  const why = 'No direct play profile fits this song';
  if (input.client.transcodingProfiles.length === 0) {
    return `${why}, and the client lists no transcoding profile`;
  }
  if (input.outputs.length === 0) return `${why}, and this server cannot transcode (no ffmpeg)`;
  return `${why}, and no transcoding profile can be met: ${transcodeFailures.join('; ')}`;
}

/**
 * Whether a client plays a song's file as it is (the first of its direct play profiles that
 * fits), else which transcode it gets (the first of its transcoding profiles, in its order,
 * that this server can make within its limits), else why it cannot play the song. Bit rates are
 * OpenSubsonic's, in bits per second; the administrator's limit lowers the client's own.
 */
export function decideTranscode(input: DecisionInput): TranscodeDecision {
  const { source, client } = input;
  const maxBps = lower(client.maxAudioBitrate, input.limitKbps * 1000);
  const reasons: string[] = [];
  for (const profile of client.directPlayProfiles) {
    const mismatch = directPlayMismatch(source, profile, client, maxBps);
    if (mismatch === null) {
      return {
        source,
        canDirectPlay: true,
        transcodeReasons: [],
        transcode: null,
        errorReason: null,
      };
    }
    reasons.push(mismatch);
  }
  const failures: string[] = [];
  for (const profile of client.transcodingProfiles) {
    const choice = transcodeFor(source, profile, client, input, maxBps);
    if (typeof choice !== 'string') {
      return {
        source,
        canDirectPlay: false,
        transcodeReasons: reasons,
        transcode: choice,
        errorReason: null,
      };
    }
    failures.push(choice);
  }
  return {
    source,
    canDirectPlay: false,
    transcodeReasons: reasons,
    transcode: null,
    errorReason: errorReasonOf(input, failures),
  };
}
