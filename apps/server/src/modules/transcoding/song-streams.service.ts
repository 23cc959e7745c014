import {
  lowerLimitKbps,
  STREAMING_QUALITY_KBPS,
  type StreamingQuality,
} from '@cadenza/contract/streaming-quality';
import { Invalid, NotFound } from '../../errors';
import { formatAccepted } from './accepted-format';
import type { ObjectStore } from '../../storage/object-store';
import { planStream, StreamRequestError, type StreamPlan, type StreamRequest } from './stream-plan';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { estimatedBytes } from './exact-length';
import { sendTranscode } from './send-transcode';
import { FORMATS, type TranscodeFormat } from './stream-formats';
import type { TranscodeCache } from './transcode-cache';
import type { TranscodeInput, Transcoder } from './transcoder';

/** What a stream needs of a song. */
export interface StreamedSong {
  readonly audioKey: string;
  /** Its format's suffix ("flac", "mp3"). */
  readonly suffix: string;
  /** Bits per second; null when not known. */
  readonly bitRate: number | null;
  /** Its length, seconds. */
  readonly seconds: number;
}

export { MAX_REQUEST_KBPS } from './stream-plan';

export type TranscodePlan = Extract<StreamPlan, { kind: 'transcode' }>;

/** A format this server transcodes to, with the rates it makes it at (kbps). */
export interface OutputFormat {
  readonly format: TranscodeFormat;
  readonly defaultKbps: number;
  readonly minKbps: number;
  readonly maxKbps: number;
}

const NO_LIMIT: StreamingQuality = 'original';

/** Where the administrator's streaming limits are kept. */
export interface StreamingLimits {
  /** The site setting that holds for everyone. */
  serverWide(): Promise<StreamingQuality>;
  /** The account's own. */
  ofUser(userId: string): Promise<StreamingQuality>;
}

/** Answers with a stored file, its ranges and validators included (the media module's answer). */
export type SendStored = (
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  key: string,
  mime: string,
) => Promise<unknown>;

/**
 * Streams of songs other than their files: whether a request needs one (`plan`), and answering
 * with it (`send`): from the cache of finished transcodes when it holds it, otherwise from ffmpeg
 * reading wherever the file is (a file on this disk it can seek in, or the store's stream), the
 * transcode kept in the cache as it is made.
 */
export class SongStreams {
  constructor(
    private readonly transcoder: Transcoder,
    private readonly objects: ObjectStore,
    private readonly cache: TranscodeCache,
    private readonly sendStored: SendStored,
    private readonly limits: StreamingLimits,
  ) {}

  /**
   * The richest stream a listener may have, kbps (0: no limit): the lower of the server-wide
   * limit and the account's own. Without ffmpeg there is nothing to hold it with, and nothing is
   * read.
   */
  async limitKbps(userId: string | null): Promise<number> {
    if (this.transcoder.formats().length === 0) return 0;
    const [everyone, own] = await Promise.all([
      this.limits.serverWide(),
      userId === null ? NO_LIMIT : this.limits.ofUser(userId),
    ]);
    return lowerLimitKbps(STREAMING_QUALITY_KBPS[everyone], STREAMING_QUALITY_KBPS[own]);
  }

  /** What to transcode into for a client naming no format, from what its `Accept` says. */
  formatFor(accept: string | undefined, fallback: TranscodeFormat): TranscodeFormat {
    const format = formatAccepted(accept, fallback);
    return this.transcoder.formats().includes(format) ? format : fallback;
  }

  /** The formats this server can transcode to (none without ffmpeg), in order of preference. */
  outputs(): OutputFormat[] {
    return this.transcoder.formats().map((format) => {
      const { defaultKbps, minKbps, maxKbps } = FORMATS[format];
      return { format, defaultKbps, minKbps, maxKbps };
    });
  }

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
   * Answers with the transcode `plan` describes, streamed as ffmpeg makes it; with
   * `estimateLength`, announced at the size its rate and length give (Subsonic's
   * `estimateContentLength`). A `HEAD` gets its type (and that size) alone, without starting
   * ffmpeg.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    song: StreamedSong,
    plan: TranscodePlan,
    {
      estimateLength = false,
      seekable = false,
    }: {
      readonly estimateLength?: boolean;
      /**
       * The transcode is wanted whole, with ranges (a player seeking in it): one not kept yet is
       * made to the end first (or the one being made awaited), then answered from the cache.
       */
      readonly seekable?: boolean;
    } = {},
  ): Promise<void> {
    const bytes = estimateLength
      ? estimatedBytes(song.seconds - plan.offsetSeconds, plan.kbps)
      : undefined;
    // A whole transcode, cached, is a file like any other: its real length, and ranges.
    const whole = plan.offsetSeconds === 0 && bytes === undefined;
    const of = { audioKey: song.audioKey, format: plan.format, kbps: plan.kbps };
    const cached = !whole
      ? null
      : seekable && request.method === 'GET'
        ? await this.cache.whole(of, async () =>
            this.transcoder.start(await this.inputOf(song.audioKey), plan),
          )
        : await this.cache.find(of);
    if (cached !== null) {
      await this.sendStored(request, reply, this.cache.store, cached, FORMATS[plan.format].mime);
      return;
    }
    if (request.method === 'HEAD') {
      reply.header('content-type', FORMATS[plan.format].mime);
      if (bytes !== undefined) reply.header('content-length', bytes);
      await reply.send();
      return;
    }
    const running = await this.transcoder.start(await this.inputOf(song.audioKey), plan);
    if (whole && this.cache.enabled) {
      const copy = new PassThrough();
      running.output.pipe(copy);
      // The answer torn down (the client gone) ends nothing: the copy is cut off too, so that
      // its write is undone rather than left waiting.
      running.output.once('close', () => {
        if (!running.output.readableEnded) copy.destroy(new Error('the transcode was cut short'));
      });
      void this.cache.keep(of, copy, running.finished);
    }
    await sendTranscode(reply, running, bytes);
  }

  private async inputOf(key: string): Promise<TranscodeInput> {
    const local = await this.objects.localPath?.(key);
    if (local) return { kind: 'file', path: local };
    if (!(await this.objects.head(key)))
      throw new NotFound('This media file does not exist.', 'media_not_found');
    return { kind: 'stream', open: () => this.objects.get(key) };
  }
}
