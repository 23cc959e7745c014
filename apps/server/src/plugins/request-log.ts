import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request, written when it ends, with the request (method, URL, client) and the
 * answer (status, time taken): what Fastify writes in two lines, 'incoming request' and
 * 'request completed'. Writing and serialising log lines was the largest cost of a request
 * answered from memory. Routes that log at `warn` (health, media) still write none.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
