import { z } from 'zod';

/** GET /api/general/stats/quick: public counts for the landing page (never e-mails). */
export const quickStatsSchema = z.object({
  stats: z.object({ users: z.number().int(), songs: z.number().int() }),
  popularGenres: z.array(z.object({ _id: z.string(), count: z.number().int() })),
  recentUsers: z.array(z.object({ name: z.string(), createdAt: z.string() })),
});
export type QuickStats = z.infer<typeof quickStatsSchema>;
