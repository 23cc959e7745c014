import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { lastFmSettingsApi } from '@cadenza/contract/routes/scrobbling';
import { lastFmSettingsBodySchema, lastFmSettingsSchema } from '@cadenza/contract/scrobbling';
import { declared, declaredAnswer } from '../../declared-routes';
import { errorResponses } from '../../schemas';
import type { LastFmSettingsService } from './lastfm-settings.service';

export interface LastFmSettingsRoutesOptions {
  readonly settings: LastFmSettingsService;
  readonly clock: () => Date;
}

/** The administrator's Last.fm application, in the dashboard's Settings tab. */
export const lastFmSettingsRoutes: FastifyPluginAsyncZod<LastFmSettingsRoutesOptions> = async (
  app,
  { settings, clock },
) => {
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  const answer = successResponse(lastFmSettingsSchema);

  app.route({
    ...declared(app, lastFmSettingsApi.get),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary: "Last.fm's API key, and whether its shared secret is set (never the secret)",
      response: { 200: declaredAnswer(lastFmSettingsApi.get, answer), ...errorResponses(401, 403) },
    },
    handler: async () => ({ success: true as const, data: await settings.get() }),
  });

  app.route({
    ...declared(app, lastFmSettingsApi.save),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary: "Set Last.fm's API key and shared secret (an empty key removes both)",
      body: lastFmSettingsBodySchema,
      response: {
        200: declaredAnswer(lastFmSettingsApi.save, answer),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await settings.save(request.body, clock()),
    }),
  });
};
