import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@cadenza/contract/envelope';
import { text } from '@cadenza/contract/validation';
import { z } from 'zod';
import { Forbidden } from '../../errors';
import { errorResponses } from '../../schemas';
import { relayKeyOf, type StationRelay } from '../internet-radio/station-relay.service';
import type { MediaUrls } from './media-urls';

export interface RadioRelayRoutesOptions {
  readonly relay: StationRelay;
  readonly urls: MediaUrls;
}

/**
 * GET /media/radio/:id: a station's live stream, relayed, through the signed and expiring address
 * the station list gives listeners (an `<audio>` element sends no session header).
 */
export const radioRelayRoutes: FastifyPluginAsyncZod<RadioRelayRoutesOptions> = async (
  app,
  { relay, urls },
) => {
  app.route({
    method: 'GET',
    url: '/radio/:id',
    // No log line per listener, no compression of audio.
    logLevel: 'warn',
    compress: false,
    schema: {
      tags: ['media'],
      summary: "A station's live stream, relayed through a signed, expiring address",
      params: idParamsSchema,
      querystring: z.object({
        expires: text('expires').max(32).optional(),
        signature: text('signature').max(128).optional(),
      }),
      response: {
        200: z.any().describe('The stream as the station sends it (audio/*)'),
        ...errorResponses(400, 403, 404, 502, 503),
      },
    },
    handler: async (request, reply) => {
      const { expires, signature } = request.query;
      const key = relayKeyOf(request.params.id);
      if (!expires || !signature || !urls.verifyAudio(key, expires, signature)) {
        throw new Forbidden('This audio link is invalid or has expired.', 'invalid_media_link');
      }
      const stream = await relay.open(request.params.id);
      // A listener who leaves lets the station's connection go at once.
      reply.raw.once('close', () => stream.body.destroy());
      return reply
        .header('content-type', stream.contentType)
        .header('cache-control', 'no-store')
        .send(stream.body);
    },
  });
};
