import type { FastifyReply } from 'fastify';
import { exactLength } from './exact-length';
import type { RunningTranscode } from './transcoder';

/**
 * Answers with a transcode as ffmpeg writes it, without ranges: no length (it is not known yet)
 * unless `estimatedBytes` is given, which is then the answer's exact length. The client going
 * away stops ffmpeg at once.
 */
export function sendTranscode(
  reply: FastifyReply,
  running: RunningTranscode,
  estimatedBytes?: number,
): FastifyReply {
  // The response closes when it is sent or when the connection goes; only the latter, before
  // the answer's end was written, stops it.
  // (The request's own 'close' comes as soon as its body has been read.)
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) running.stop();
  });
  reply
    .header('content-type', running.mime)
    .header('cache-control', 'no-store')
    .header('accept-ranges', 'none');
  if (estimatedBytes === undefined) return reply.send(running.output);
  return reply
    .header('content-length', estimatedBytes)
    .send(running.output.pipe(exactLength(estimatedBytes)));
}
