import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  healthResponseSchema,
  notReadyResponseSchema,
  readyResponseSchema,
} from '@cadenza/contract/health';
import { notReadyMessage, presentReadiness } from './health.presenter';
import type { HealthService } from './health.service';

/**
 * GET /api/health (liveness: the process answers) and GET /api/ready (readiness: it can serve).
 * Public, and logged only when something goes wrong: load balancers call them every few seconds.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (
  app,
  { health },
) => {
  const quiet = { logLevel: 'warn' } as const;
  const alive = { success: true as const, data: { status: 'ok' as const } };

  app.get(
    '/health',
    {
      ...quiet,
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up and answering (asks no database)',
        response: { 200: healthResponseSchema },
      },
    },
    async () => alive,
  );

  app.get(
    '/ready',
    {
      ...quiet,
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers, no migration is pending and media can be stored',
        response: { 200: readyResponseSchema, 503: notReadyResponseSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await health.readiness();
      const data = presentReadiness(readiness);
      if (readiness.ready) return { success: true as const, data };
      return reply.status(503).send({
        success: false as const,
        code: 'service_unavailable' as const,
        message: notReadyMessage(readiness),
        data,
      });
    },
  );
};
