import { z } from 'zod';
import { SubsonicCode, SubsonicError } from './subsonic-response';

/** The longest ClientInfo body taken, in bytes: a real one is a few kilobytes. */
export const CLIENT_INFO_BODY_LIMIT = 64 * 1024;

/** Long enough for any device or format name, short enough to keep a body small. */
const name = z.string().max(100);
const names = z.array(name).max(50);
/** Bit rates in bits per second; 0 is no limit. */
const bitRate = z.number().int().min(0).max(100_000_000);
const channels = z.number().int().min(0).max(255);
const protocol = z.enum(['http', 'hls']);

const NUMERIC_LIMITATIONS = ['audioChannels', 'audioBitrate', 'audioSamplerate', 'audioBitdepth'];

const limitation = z
  .object({
    name: z.enum([
      'audioChannels',
      'audioBitrate',
      'audioProfile',
      'audioSamplerate',
      'audioBitdepth',
    ]),
    comparison: z.enum(['Equals', 'NotEquals', 'LessThanEqual', 'GreaterThanEqual']),
    values: z.array(name).min(1).max(50),
    required: z.boolean(),
  })
  .refine(
    (limit) =>
      !NUMERIC_LIMITATIONS.includes(limit.name) ||
      limit.values.every((value) => /^\d{1,12}$/.test(value)),
    { message: 'the values of this limitation must be whole numbers', path: ['values'] },
  );

const clientInfoSchema = z.object({
  name,
  platform: name,
  maxAudioBitrate: bitRate.nullish(),
  maxTranscodingAudioBitrate: bitRate.nullish(),
  directPlayProfiles: z
    .array(
      z.object({
        containers: names,
        audioCodecs: names,
        protocols: z.array(protocol).max(2),
        maxAudioChannels: channels.nullish(),
      }),
    )
    .max(50)
    .nullish(),
  transcodingProfiles: z
    .array(
      z.object({
        container: name,
        audioCodec: name,
        protocol,
        maxAudioChannels: channels.nullish(),
      }),
    )
    .max(50)
    .nullish(),
  codecProfiles: z
    .array(
      z.object({
        type: z.literal('AudioCodec'),
        name,
        limitations: z.array(limitation).max(50).nullish(),
      }),
    )
    .max(50)
    .nullish(),
});

type ClientInfoBody = z.infer<typeof clientInfoSchema>;
export type DirectPlayProfile = NonNullable<ClientInfoBody['directPlayProfiles']>[number];
export type TranscodingProfile = NonNullable<ClientInfoBody['transcodingProfiles']>[number];
export type CodecProfile = NonNullable<ClientInfoBody['codecProfiles']>[number];
export type Limitation = z.infer<typeof limitation>;

/** OpenSubsonic's `ClientInfo`: what a client plays as it is, and what it may be sent instead. */
export interface ClientInfo {
  readonly name: string;
  readonly platform: string;
  /** Bits per second; 0 is no limit. */
  readonly maxAudioBitrate: number;
  readonly maxTranscodingAudioBitrate: number;
  readonly directPlayProfiles: readonly DirectPlayProfile[];
  /** In the client's order of preference. */
  readonly transcodingProfiles: readonly TranscodingProfile[];
  readonly codecProfiles: readonly CodecProfile[];
}

/** "directPlayProfiles[0].protocols[1]" for an issue's path. */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index > 0 ? '.' : ''}${String(part)}`,
    )
    .join('');
}

/**
 * The ClientInfo of a `getTranscodeDecision` body (JSON text). A missing body or a missing
 * required field is error 10, anything else that is not a ClientInfo error 0, each naming what
 * is wrong.
 */
export function parseClientInfo(body: unknown): ClientInfo {
  if (typeof body !== 'string' || body.trim() === '') {
    throw new SubsonicError(
      SubsonicCode.missingParameter,
      'Required parameter is missing: the ClientInfo, as the JSON body of the POST',
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new SubsonicError(SubsonicCode.generic, 'The body must be a ClientInfo written in JSON');
  }
  const parsed = clientInfoSchema.safeParse(json, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue ? pathText(issue.path) : '';
    const missing = issue?.code === 'invalid_type' && issue.input === undefined;
    if (missing) {
      throw new SubsonicError(
        SubsonicCode.missingParameter,
        `Required parameter is missing: ClientInfo ${at}`,
      );
    }
    throw new SubsonicError(
      SubsonicCode.generic,
      `ClientInfo ${at === '' ? '' : `${at} `}is not valid: ${issue?.message ?? 'unknown'}`,
    );
  }
  const info = parsed.data;
  return {
    name: info.name,
    platform: info.platform,
    maxAudioBitrate: info.maxAudioBitrate ?? 0,
    maxTranscodingAudioBitrate: info.maxTranscodingAudioBitrate ?? 0,
    directPlayProfiles: info.directPlayProfiles ?? [],
    transcodingProfiles: info.transcodingProfiles ?? [],
    codecProfiles: info.codecProfiles ?? [],
  };
}
