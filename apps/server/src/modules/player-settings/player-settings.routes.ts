import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { playerSettingsSchema } from '@cadenza/contract/player-settings';
import { playerApi } from '@cadenza/contract/routes/player';
import { declared, declaredAnswer } from '../../declared-routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import type { PlayerSettingsService } from './player-settings.service';

export interface PlayerSettingsRoutesOptions {
  readonly settings: PlayerSettingsService;
}

/** The listener's playback settings, under /api/user/player-settings. */
export const playerSettingsRoutes: FastifyPluginAsyncZod<PlayerSettingsRoutesOptions> = async (
  app,
  { settings },
) => {
  const common = { tags: ['player'], security: [{ bearerAuth: [] }] };
  const answer = successResponse(playerSettingsSchema);

  app.route({
    ...declared(app, playerApi.settings),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary:
        "The caller's playback settings (crossfade, ReplayGain, equaliser and own presets, " +
        'volume); the defaults when they never saved any',
      response: { 200: declaredAnswer(playerApi.settings, answer), ...errorResponses(401) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await settings.get(callerOf(request).userId),
    }),
  });

  app.route({
    ...declared(app, playerApi.saveSettings),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "Replace the caller's playback settings, every field at once",
      body: playerSettingsSchema,
      response: {
        200: declaredAnswer(playerApi.saveSettings, answer),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await settings.save(callerOf(request).userId, request.body),
    }),
  });
};
