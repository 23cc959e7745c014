import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '@cadenza/contract/admin';
import { successResponse } from '@cadenza/contract/envelope';
import { quickStatsSchema } from '@cadenza/contract/stats';
import { errorResponses } from '../../schemas';
import { presentAdminStats, presentQuickStats } from './stats.presenter';
import type { StatsService } from './stats.service';
import { generalApi } from '@cadenza/contract/routes/general';
import { declared, declaredAnswer } from '../../declared-routes';
import { adminApi } from '@cadenza/contract/routes/admin';

/** The landing page's public counts and the admin dashboard's, under /api. */
export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (
  app,
  { stats },
) => {
  app.route({
    ...declared(app, generalApi.quickStats),
    schema: {
      tags: ['general'],
      summary: 'Counts of users and songs, popular genres and the newest members (public)',
      response: { 200: declaredAnswer(generalApi.quickStats, successResponse(quickStatsSchema)) },
    },
    handler: async () => ({ success: true as const, data: presentQuickStats(await stats.quick()) }),
  });

  app.route({
    ...declared(app, adminApi.stats),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security: [{ bearerAuth: [] }],
      summary: 'Total users, total songs and songs by genre',
      response: {
        200: declaredAnswer(adminApi.stats, successResponse(adminStatsSchema)),
        ...errorResponses(401, 403),
      },
    },
    handler: async () => ({
      success: true as const,
      data: presentAdminStats(await stats.overview()),
    }),
  });
};
