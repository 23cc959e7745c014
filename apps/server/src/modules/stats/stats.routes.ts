import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '@cadenza/contract/admin';
import { successResponse } from '@cadenza/contract/envelope';
import { quickStatsSchema } from '@cadenza/contract/stats';
import { errorResponses } from '../../schemas';
import { presentAdminStats, presentQuickStats } from './stats.presenter';
import type { StatsService } from './stats.service';

/** The landing page's public counts and the admin dashboard's, under /api. */
export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (
  app,
  { stats },
) => {
  app.get(
    '/general/stats/quick',
    {
      schema: {
        tags: ['general'],
        summary: 'Counts of users and songs, popular genres and the newest members (public)',
        response: { 200: successResponse(quickStatsSchema) },
      },
    },
    async () => ({ success: true as const, data: presentQuickStats(await stats.quick()) }),
  );

  app.get(
    '/admin/stats',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Total users, total songs and songs by genre',
        response: { 200: successResponse(adminStatsSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: presentAdminStats(await stats.overview()) }),
  );
};
