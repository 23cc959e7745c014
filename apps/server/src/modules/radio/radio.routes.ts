import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { mixListSchema, radioBatchSchema, radioRequestSchema } from '@cadenza/contract/radio';
import { radioApi } from '@cadenza/contract/routes/radio';
import { declared, declaredAnswer } from '../../declared-routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { presentMix, presentRadioBatch } from './radio.presenter';
import type { RadioService } from './radio.service';

export interface RadioRoutesOptions {
  readonly radio: RadioService;
  readonly urls: MediaUrls;
}

/** Radio and mixes, for listeners, under /api/user. */
export const radioRoutes: FastifyPluginAsyncZod<RadioRoutesOptions> = async (
  app,
  { radio, urls },
) => {
  const common = { tags: ['radio'], security: [{ bearerAuth: [] }] };

  app.route({
    ...declared(app, radioApi.next),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "A station's next songs: related to the seed, none of the last 50 heard",
      body: radioRequestSchema,
      response: {
        200: declaredAnswer(radioApi.next, successResponse(radioBatchSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const { seed, recent, count } = request.body;
      const batch = await radio.next(callerOf(request).userId, seed, recent, count);
      return { success: true as const, data: presentRadioBatch(batch, urlsFor(urls, request)) };
    },
  });

  app.route({
    ...declared(app, radioApi.mixes),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Stations from the artists and tag genres the caller plays most',
      response: {
        200: declaredAnswer(radioApi.mixes, successResponse(mixListSchema)),
        ...errorResponses(401),
      },
    },
    handler: async (request) => {
      const mixes = await radio.mixes(callerOf(request).userId);
      const scoped = urlsFor(urls, request);
      return {
        success: true as const,
        data: { mixes: mixes.map((mix) => presentMix(mix, scoped)) },
      };
    },
  });
};
