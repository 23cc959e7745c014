import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { quickStatsSchema } from '@cadenza/contract/stats';
import type { QuickStatsRepository } from './quick-stats.repository';

/** GET /api/general/stats/quick: landing-page counts, popular genres and newest members. */
export const quickStatsRoutes: FastifyPluginAsyncZod<{ stats: QuickStatsRepository }> = async (
  app,
  { stats },
) => {
  app.get(
    '/stats/quick',
    {
      schema: {
        tags: ['general'],
        summary: 'Counts of users and songs, popular genres and the newest members (public)',
        response: { 200: successResponse(quickStatsSchema) },
      },
    },
    async () => ({ success: true as const, data: await stats.read() }),
  );
};
