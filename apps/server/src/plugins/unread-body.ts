import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How much of a body the server still reads, once it has answered, to keep the connection: a
 * kept connection is worth a refused form of a few hundred kilobytes, not a refused film.
 */
export const DISCARD_AFTER_ANSWER_BYTES = 1024 * 1024;

/**
 * Reads and throws away the rest of a request's body after the answer has gone out; when more
 * than `DISCARD_AFTER_ANSWER_BYTES` still arrive after the answer was written, closes the
 * connection instead. The answer was written (and has had time to arrive) before the close, and
 * a browser whose upload breaks that way reads the answer waiting in its connection.
 */
function discardRestOf(body: IncomingMessage, answer: ServerResponse): void {
  // Whoever was reading the body (the multipart parser, waiting for a consumer that gave up)
  // stops; in flowing mode with no reader, the bytes are dropped as they arrive.
  body.unpipe();
  body.resume();
  answer.once('finish', () => {
    // Only a real connection still receiving the body is counted (and may be closed).
    if (body.complete !== false) return;
    let afterAnswer = 0;
    const count = (chunk: Buffer) => {
      afterAnswer += chunk.length;
      if (afterAnswer > DISCARD_AFTER_ANSWER_BYTES) {
        body.off('data', count);
        body.socket.destroy();
      }
    };
    body.on('data', count);
    body.once('end', () => body.off('data', count));
  });
}

/**
 * An answer sent while the request's body is still arriving (an upload refused by its first
 * bytes, by its size, or by who sends it) must not leave that body stuck in a parser nobody reads
 * any more: browsers read the answer only once the whole body is sent (or the connection fails),
 * and on a kept-alive connection the next request would wait behind the unread bytes for ever.
 */
export const unreadBodyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    // A body fully arrived but left unread may still hold the connection's reading paused.
    if (!request.raw.readableEnded && !request.raw.destroyed) {
      discardRestOf(request.raw, reply.raw);
    }
    return payload;
  });
});
