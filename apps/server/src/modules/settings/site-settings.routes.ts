import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { siteSettingsPatchSchema, siteSettingsSchema } from '@cadenza/contract/site-settings';
import { errorResponses } from '../../schemas';
import type { SiteSettingsService } from './site-settings.service';

/** The dashboard's Settings tab, under /api/admin. */
export const siteSettingsRoutes: FastifyPluginAsyncZod<{ settings: SiteSettingsService }> = async (
  app,
  { settings },
) => {
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  app.get(
    '/settings',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: 'The site settings (who may sign up)',
        response: { 200: successResponse(siteSettingsSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await settings.all() }),
  );
  app.patch(
    '/settings',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: 'Change site settings: what is sent changes, the rest stays',
        body: siteSettingsPatchSchema,
        response: { 200: successResponse(siteSettingsSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await settings.update(request.body) }),
  );
};
