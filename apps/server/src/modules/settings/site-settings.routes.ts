import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { siteSettingsPatchSchema, siteSettingsSchema } from '@cadenza/contract/site-settings';
import { errorResponses } from '../../schemas';
import type { SiteSettingsService } from './site-settings.service';
import { adminApi } from '@cadenza/contract/routes/admin';
import { declared, declaredAnswer } from '../../declared-routes';

/** The dashboard's Settings tab, under /api/admin. */
export const siteSettingsRoutes: FastifyPluginAsyncZod<{ settings: SiteSettingsService }> = async (
  app,
  { settings },
) => {
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  app.route({
    ...declared(app, adminApi.settings),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary: 'The site settings (who may sign up)',
      response: {
        200: declaredAnswer(adminApi.settings, successResponse(siteSettingsSchema)),
        ...errorResponses(401, 403),
      },
    },
    handler: async () => ({ success: true as const, data: await settings.all() }),
  });
  app.route({
    ...declared(app, adminApi.updateSettings),
    onRequest: [app.requireAdmin],
    schema: {
      ...common,
      summary: 'Change site settings: what is sent changes, the rest stays',
      body: siteSettingsPatchSchema,
      response: {
        200: declaredAnswer(adminApi.updateSettings, successResponse(siteSettingsSchema)),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await settings.update(request.body),
    }),
  });
};
