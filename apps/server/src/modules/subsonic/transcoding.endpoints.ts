import type { ObjectStore } from '../../storage/object-store';
import { sendBlob } from '../delivery/blob-response';
import type { SongRecord } from '../songs/song-record';
import type { SongsService } from '../songs/songs.service';
import type { SongStreams, StreamedSong } from '../transcoding/song-streams.service';
import { sourceAudioOf } from './audio-facts';
import { parseClientInfo } from './client-info';
import {
  FILE_SENT,
  forListeners,
  type SubsonicAnswer,
  type SubsonicCall,
  type SubsonicEndpoints,
} from './subsonic-endpoint';
import { parseAnyId } from './subsonic-ids';
import type { SubsonicParams } from './subsonic-params';
import { invalidParameter, notFound, SubsonicCode, SubsonicError } from './subsonic-response';
import { failingWithHttpStatus } from './stream-failures';
import { songSuffix } from './subsonic.presenter';
import { decideTranscode } from './transcode-decision';
import { decidedStreamOf, presentTranscodeDecision } from './transcode-decision.presenter';
import type { DecidedStream, TranscodeParams, TranscodeParamsRefusal } from './transcode-params';

export interface TranscodingDeps {
  readonly songs: SongsService;
  readonly objects: ObjectStore;
  readonly streams: SongStreams;
  readonly transcodeParams: TranscodeParams;
}

/** The song `mediaId` and `mediaType` name (this server has songs, and no podcasts). */
function songIdOf(params: SubsonicParams): string {
  const mediaId = params.required('mediaId');
  const mediaType = params.required('mediaType');
  if (mediaType === 'podcast') {
    throw new SubsonicError(
      SubsonicCode.generic,
      'This server has no podcasts: mediaType must be song',
    );
  }
  if (mediaType !== 'song') throw invalidParameter('mediaType', 'song or podcast');
  const parsed = parseAnyId(mediaId);
  if (parsed?.kind !== 'song') throw notFound('Song');
  return parsed.id;
}

/** `offset`: seconds from the start, whole or not; 0 when absent. */
function offsetOf(params: SubsonicParams): number {
  const text = params.get('offset')?.trim() ?? '';
  if (text === '') return 0;
  if (!/^\d{1,9}(?:\.\d{1,6})?$/.test(text))
    throw invalidParameter('offset', 'a number of seconds from 0');
  return Number(text);
}

const REFUSALS: Readonly<Record<TranscodeParamsRefusal, { status: number; message: string }>> = {
  forged: {
    status: 400,
    message:
      'transcodeParams is not one this server gave: use the one getTranscodeDecision answered',
  },
  'other-song': {
    status: 400,
    message:
      'transcodeParams was given for another song: use the one getTranscodeDecision answered for this one',
  },
  expired: {
    status: 410,
    message: 'transcodeParams has expired: ask getTranscodeDecision again',
  },
  'file-changed': {
    status: 410,
    message:
      "The song's file has changed since its transcodeParams was given: ask getTranscodeDecision again",
  },
};

/**
 * OpenSubsonic's `transcoding` extension: `getTranscodeDecision` weighs a client's ClientInfo
 * (a JSON body) against a song's file and answers the file, a transcode, or why neither plays,
 * with `transcodeParams` signed for that song; `getTranscodeStream` sends what they decided,
 * through the same plan, transcoder and cache as `stream`.
 */
export function transcodingEndpoints(deps: TranscodingDeps): SubsonicEndpoints {
  const { songs, streams, transcodeParams } = deps;

  /** The plan of a decided stream, by the same rules as `stream`'s. */
  const planOf = async (
    streamed: StreamedSong,
    decided: DecidedStream,
    offsetSeconds: number,
    userId: string,
  ): Promise<ReturnType<SongStreams['plan']>> => {
    const limitKbps = await streams.limitKbps(userId);
    // The file plays as it is from wherever the player seeks in it: `offset` is for transcodes.
    // (Only a limit the administrator set since the decision would make it a transcode.)
    if (decided.kind === 'original') return streams.plan(streamed, { limitKbps }, 'mp3');
    const output = streams.outputs().find((candidate) => candidate.format === decided.format);
    if (!output) {
      throw new SubsonicError(
        SubsonicCode.generic,
        `This server no longer transcodes to ${decided.format}: ask getTranscodeDecision again`,
        410,
      );
    }
    const { format } = output;
    return streams.plan(
      streamed,
      { format, maxKbps: decided.kbps, offsetSeconds, limitKbps },
      format,
    );
  };

  const sendDecided = async (
    { request, reply, caller }: SubsonicCall,
    song: SongRecord,
    decided: DecidedStream,
    offsetSeconds: number,
  ): Promise<SubsonicAnswer> => {
    const streamed: StreamedSong = {
      audioKey: song.audioKey,
      suffix: songSuffix(song),
      bitRate: song.bitRate,
      seconds: song.durationMs / 1000,
    };
    const plan = await planOf(streamed, decided, offsetSeconds, caller.user.id);
    if (plan.kind === 'original') {
      await sendBlob(request, reply, deps.objects, song.audioKey, {
        cacheControl: 'private, max-age=3600',
        contentType: () => song.audioMime,
      });
    } else {
      await streams.send(request, reply, streamed, plan);
    }
    return FILE_SENT;
  };

  return {
    // A POST: the ClientInfo is the JSON body; the other parameters are in the URL as usual.
    getTranscodeDecision: forListeners(async ({ params, request, caller }) => {
      if (request.method !== 'POST') {
        throw new SubsonicError(
          SubsonicCode.generic,
          'getTranscodeDecision is called by POST, with the ClientInfo as its JSON body',
        );
      }
      const songId = songIdOf(params);
      const client = parseClientInfo(request.body);
      const song = await songs.find(songId);
      const decision = decideTranscode({
        source: sourceAudioOf(song),
        client,
        outputs: streams.outputs(),
        limitKbps: await streams.limitKbps(caller.user.id),
      });
      const decided = decidedStreamOf(decision);
      return {
        transcodeDecision: presentTranscodeDecision(
          decision,
          decided && transcodeParams.sign(song, decided),
        ),
      };
    }),

    getTranscodeStream: forListeners((call) =>
      failingWithHttpStatus(async () => {
        const { params } = call;
        const songId = songIdOf(params);
        const text = params.required('transcodeParams');
        const offsetSeconds = offsetOf(params);
        const song = await songs.find(songId);
        const decided = transcodeParams.read(text, song);
        if (typeof decided === 'string') {
          const { status, message } = REFUSALS[decided];
          throw new SubsonicError(SubsonicCode.generic, message, status);
        }
        return sendDecided(call, song, decided, offsetSeconds);
      }),
    ),
  };
}
