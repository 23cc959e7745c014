import { spawn } from 'node:child_process';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ServiceUnavailable } from '../../errors';
import type { FfmpegFacts } from './ffmpeg-probe';
import { FORMATS, TRANSCODE_FORMATS, type TranscodeFormat } from './stream-formats';
import { TranscodeSlots } from './transcode-slots';

/** Where ffmpeg reads the song: a file on this node's disk, a URL it can fetch, or a stream. */
export type TranscodeInput =
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'stream'; readonly open: () => Promise<Readable> };

export interface TranscodeTarget {
  readonly format: TranscodeFormat;
  readonly kbps: number;
  readonly offsetSeconds: number;
}

export interface RunningTranscode {
  /** The encoded audio as ffmpeg writes it. */
  readonly output: Readable;
  readonly mime: string;
  /** Whether ffmpeg ended cleanly (not stopped, not failed): settled when it has exited. */
  readonly finished: Promise<boolean>;
  /** Ends ffmpeg at once (the client went away). */
  stop(): void;
}

export interface TranscoderOptions {
  readonly ffmpeg: FfmpegFacts | null;
  readonly concurrency: number;
  /** How long a request waits for a free slot before it is turned away. */
  readonly slotWaitMs: number;
  readonly log: FastifyBaseLogger;
}

/** Sent as Retry-After when every slot stays busy. */
const BUSY_RETRY_SECONDS = 5;
/** The end of ffmpeg's own account of a failure, kept for the log. */
const STDERR_KEPT_BYTES = 2048;

/** What ffmpeg writes when a transcode failed though it exits 0. */
const FFMPEG_ERROR = /^\[error\] /m;
/** Nothing came out: a failure from the start, only the expected end from past the end. */
const NOTHING_ENCODED = /Output file is empty, nothing was encoded/;

/** ffmpeg's arguments for one transcode: its input, where to start, and what to write. */
export function ffmpegArguments(inputArgument: string, target: TranscodeTarget): string[] {
  const spec = FORMATS[target.format];
  return [
    '-hide_banner',
    // Each line says its level: errors, and the warning that nothing could be decoded.
    '-loglevel',
    'level+warning',
    ...(target.offsetSeconds > 0 ? ['-ss', target.offsetSeconds.toFixed(3)] : []),
    '-i',
    inputArgument,
    '-map',
    '0:a:0',
    '-vn',
    '-map_metadata',
    '-1',
    '-c:a',
    spec.encoder,
    '-b:a',
    `${target.kbps}k`,
    '-f',
    spec.muxer,
    'pipe:1',
  ];
}

/**
 * Runs ffmpeg for streams other than the file itself: at most `concurrency` at once (a request
 * that finds none free within `slotWaitMs` gets a 503 with Retry-After), each one's output
 * streamed as it is produced, killed at once by `stop`. ffmpeg writes into a pipe this process
 * reads: should the server die, even by SIGKILL, its next write fails and it ends with it.
 */
export class Transcoder {
  readonly slots: TranscodeSlots;

  constructor(private readonly options: TranscoderOptions) {
    this.slots = new TranscodeSlots(options.concurrency);
  }

  get ffmpeg(): FfmpegFacts | null {
    return this.options.ffmpeg;
  }

  /** The formats this server can transcode to, in order of preference. */
  formats(): TranscodeFormat[] {
    const { ffmpeg } = this.options;
    if (!ffmpeg) return [];
    return TRANSCODE_FORMATS.filter((format) => ffmpeg.encoders.has(FORMATS[format].encoder));
  }

  async start(input: TranscodeInput, target: TranscodeTarget): Promise<RunningTranscode> {
    const { ffmpeg, log } = this.options;
    if (!ffmpeg) throw new Error('transcoding without ffmpeg');
    const release = await this.slots.acquire(this.options.slotWaitMs);
    if (!release) {
      throw new ServiceUnavailable(
        'The server is converting as many songs as it can right now. Please try again in a few seconds.',
        BUSY_RETRY_SECONDS,
        'transcoding_busy',
      );
    }
    let source: Readable | null = null;
    try {
      if (input.kind === 'stream') source = await input.open();
    } catch (error) {
      release();
      throw error;
    }
    const argument =
      input.kind === 'file' ? `file:${input.path}` : input.kind === 'url' ? input.url : 'pipe:0';
    const child = spawn(ffmpeg.path, ffmpegArguments(argument, target), {
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const output = new PassThrough();
    let stderr = '';
    let failedToDecode = false;
    let stopped = false;
    let settle: (clean: boolean) => void = () => undefined;
    const finished = new Promise<boolean>((resolve) => (settle = resolve));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT_BYTES);
      failedToDecode ||=
        FFMPEG_ERROR.test(stderr) || (target.offsetSeconds === 0 && NOTHING_ENCODED.test(stderr));
    });
    if (!source) child.stdin.end();
    else {
      // ffmpeg may stop reading early (an offset past the end): its closed pipe is no failure.
      child.stdin.on('error', () => undefined);
      source.on('error', (error) => {
        log.warn({ err: error }, 'transcode input failed');
        child.kill('SIGKILL');
      });
      source.pipe(child.stdin);
    }
    child.stdout.pipe(output);
    child.on('error', (error) => {
      log.error({ err: error }, 'ffmpeg could not be started');
      settle(false);
      output.destroy(error);
    });
    child.on('close', (code, signal) => {
      // ffmpeg exits 0 for a file whose frames it could not decode: what it said tells.
      const failed = !stopped && (code !== 0 || failedToDecode);
      settle(!stopped && !failed);
      release();
      source?.destroy();
      if (failed) {
        // The stream ends where ffmpeg stopped; the reason goes to the log.
        log.warn({ code, signal, ffmpeg: stderr.trim() }, 'transcode ended with an error');
      }
    });
    return {
      output,
      mime: FORMATS[target.format].mime,
      finished,
      stop: () => {
        // A transcode that has ended needs no stopping, and stays a finished one.
        if (stopped || child.exitCode !== null || child.signalCode !== null) return;
        stopped = true;
        child.kill('SIGKILL');
        source?.destroy();
      },
    };
  }
}
