import { Invalid, NotFound } from '../../errors';
import type { ObjectStore } from '../../storage/object-store';
import { planStream, StreamRequestError, type StreamPlan, type StreamRequest } from './stream-plan';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendTranscode } from './send-transcode';
import { FORMATS, type TranscodeFormat } from './stream-formats';
import type { TranscodeInput, Transcoder } from './transcoder';

/** What a stream needs of a song. */
export interface StreamedSong {
  readonly audioKey: string;
  /** Its format's suffix ("flac", "mp3"). */
  readonly suffix: string;
  /** Bits per second; null when not known. */
  readonly bitRate: number | null;
}

export type TranscodePlan = Extract<StreamPlan, { kind: 'transcode' }>;

/**
 * Streams of songs other than their files: whether a request needs one (`plan`), and answering
 * with it (`send`) from wherever the file is: a file on this disk ffmpeg can seek in, or the
 * store's stream.
 */
export class SongStreams {
  constructor(
    private readonly transcoder: Transcoder,
    private readonly objects: ObjectStore,
  ) {}

  /** Throws a 400 naming the allowed values for a request that cannot be met. */
  plan(song: StreamedSong, request: StreamRequest, defaultFormat: TranscodeFormat): StreamPlan {
    try {
      return planStream(
        request,
        {
          suffix: song.suffix,
          kbps: song.bitRate === null ? null : Math.round(song.bitRate / 1000),
        },
        { formats: this.transcoder.formats(), defaultFormat },
      );
    } catch (error) {
      if (error instanceof StreamRequestError)
        throw new Invalid(error.message, undefined, 'invalid_stream_request');
      throw error;
    }
  }

  /**
   * Answers with the transcode `plan` describes, streamed as ffmpeg makes it; a `HEAD` gets its
   * type alone, without starting ffmpeg.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    song: StreamedSong,
    plan: TranscodePlan,
  ): Promise<void> {
    if (request.method === 'HEAD') {
      await reply.header('content-type', FORMATS[plan.format].mime).send();
      return;
    }
    const running = await this.transcoder.start(await this.inputOf(song.audioKey), plan);
    await sendTranscode(reply, running);
  }

  private async inputOf(key: string): Promise<TranscodeInput> {
    const local = await this.objects.localPath?.(key);
    if (local) return { kind: 'file', path: local };
    if (!(await this.objects.head(key)))
      throw new NotFound('This media file does not exist.', 'media_not_found');
    return { kind: 'stream', open: () => this.objects.get(key) };
  }
}
