import { pipeline, Readable, Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppMetrics } from './app-metrics';

/** What is being sent: a stream (played) or a download (kept), and of what, for whom. */
export interface MediaSubject {
  readonly kind: 'stream' | 'download';
  /** The song (or podcast episode) when the route knows it, else the stored file's key. */
  readonly song?: string | null;
  readonly key?: string | null;
  /** The listener, when the route knows who asks (a signed link says nobody). */
  readonly user?: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One access-log line per audio stream or download, and its figures in the metrics. */
    readonly mediaAccess: MediaAccessLog;
  }
}

interface Tracked {
  readonly subject: MediaSubject;
  bytes: number;
}

/** Counts the bytes that pass through it on their way out. */
function counting(tracked: Tracked): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      tracked.bytes += chunk.byteLength;
      done(null, chunk);
    },
  });
}

/**
 * Follows an answer that sends audio until its connection lets go of it (sent whole, or cut off
 * by the listener): then writes one access-log line with the bytes of audio sent, how long it
 * took and whether it ended, and adds them to the metrics.
 */
export class MediaAccessLog {
  private readonly tracked = new WeakMap<FastifyRequest, Tracked>();

  constructor(private readonly metrics: AppMetrics | null) {}

  /** Counts what every tracked answer sends: the body passes through a counter on its way. */
  register(app: FastifyInstance): void {
    app.addHook('onSend', async (request, _reply, payload) => {
      const tracked = this.tracked.get(request);
      if (!tracked) return payload;
      if (payload instanceof Readable) {
        // pipeline: a listener who goes away destroys the counter, and so the source too (a
        // transcode's ffmpeg stops).
        return pipeline(payload, counting(tracked), () => undefined);
      }
      if (typeof payload === 'string') tracked.bytes += Buffer.byteLength(payload);
      else if (payload instanceof Uint8Array) tracked.bytes += payload.byteLength;
      return payload;
    });
  }

  track(request: FastifyRequest, reply: FastifyReply, subject: MediaSubject): void {
    const tracked: Tracked = { subject, bytes: 0 };
    this.tracked.set(request, tracked);
    const response = reply.raw;
    const started = performance.now();
    let finished = false;
    response.once('finish', () => {
      finished = true;
    });
    this.metrics?.mediaActive.inc({ kind: subject.kind });
    response.once('close', () => {
      this.metrics?.mediaActive.dec({ kind: subject.kind });
      // A HEAD, a 304, a redirect or a refusal sends no audio: no line for those.
      const sent = response.statusCode === 200 || response.statusCode === 206;
      if (request.method === 'HEAD' || !sent) return;
      this.metrics?.mediaBytes.inc({ kind: subject.kind }, tracked.bytes);
      // The root logger: media routes keep their own request lines quiet (warnings only).
      request.server.log.info(
        {
          reqId: request.id,
          media: {
            kind: subject.kind,
            song: subject.song ?? null,
            key: subject.key ?? null,
            user: subject.user ?? null,
            status: response.statusCode,
            bytes: tracked.bytes,
            ms: Math.round(performance.now() - started),
            complete: finished,
          },
        },
        'media sent',
      );
    });
  }
}
