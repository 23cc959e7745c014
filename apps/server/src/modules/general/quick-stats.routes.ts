import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { quickStatsSchema, type QuickStats } from '@cadenza/contract/stats';

/** Where the counts come from (the module passes its repository). */
export interface QuickStatsSource {
  read(): Promise<QuickStats>;
}

/** GET /api/general/stats/quick: landing-page counts, popular genres and newest members. */
export const quickStatsRoutes: FastifyPluginAsyncZod<{ stats: QuickStatsSource }> = async (
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
