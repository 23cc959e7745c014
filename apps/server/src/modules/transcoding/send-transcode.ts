import type { FastifyReply } from 'fastify';
import type { RunningTranscode } from './transcoder';

/**
 * Answers with a transcode as ffmpeg writes it: no length (it is not known yet) and no ranges;
 * the client going away stops ffmpeg at once.
 */
export function sendTranscode(reply: FastifyReply, running: RunningTranscode): FastifyReply {
  // The response closes when it is sent or when the connection goes; only the latter stops it.
  // (The request's own 'close' comes as soon as its body has been read.)
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) running.stop();
  });
  return reply
    .header('content-type', running.mime)
    .header('cache-control', 'no-store')
    .header('accept-ranges', 'none')
    .send(running.output);
}
