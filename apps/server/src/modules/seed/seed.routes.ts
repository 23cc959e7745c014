import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seedUsersBodySchema, seedUsersResponseSchema } from '@cadenza/contract/seed';
import { errorResponses } from '../../schemas';
import { presentSeededUser } from './seed.presenter';
import type { SeedService } from './seed.service';
import { adminApi } from '@cadenza/contract/routes/admin';
import { declared, declaredAnswer } from '../../declared-routes';

export const seedRoutes: FastifyPluginAsyncZod<{ seeding: SeedService }> = async (
  app,
  { seeding },
) => {
  app.route({
    ...declared(app, adminApi.seedUsers),
    // Disabled answers 403 before the body is even validated, but only to an admin.
    onRequest: [app.requireAdmin, async () => seeding.ensureEnabled()],
    schema: {
      tags: ['admin'],
      summary: 'Create test users (development only: needs ENABLE_SEED_USERS)',
      security: [{ bearerAuth: [] }],
      body: seedUsersBodySchema,
      response: {
        201: declaredAnswer(adminApi.seedUsers, seedUsersResponseSchema),
        ...errorResponses(400, 401, 403, 409),
      },
    },
    handler: async (request, reply) => {
      const users = await seeding.seedUsers(request.body.count);
      const noun = users.length === 1 ? 'user' : 'users';
      return reply.status(201).send({
        success: true,
        message: `Created ${users.length} test ${noun}.`,
        data: { count: users.length, users: users.map(presentSeededUser) },
      });
    },
  });
};
