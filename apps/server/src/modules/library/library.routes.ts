import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { libraryScanStatusSchema } from '@cadenza/contract/library';
import { errorResponses } from '../../schemas';
import type { LibraryScanService } from './library-scan.service';

/** The scan of the folders in place (MUSIC_DIR), for administrators, under /api/admin/library. */
export const libraryRoutes: FastifyPluginAsyncZod<{ scans: LibraryScanService }> = async (
  app,
  { scans },
) => {
  app.post(
    '/scan',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary:
          'Start a scan of the music folders (MUSIC_DIR) in the background; while one runs, its status',
        response: {
          202: successResponse(libraryScanStatusSchema),
          ...errorResponses(401, 403, 409),
        },
      },
    },
    async (_request, reply) =>
      reply.code(202).send({ success: true as const, data: scans.start() }),
  );

  app.get(
    '/scan',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'The running or last scan of the music folders: progress, counts and errors',
        response: { 200: successResponse(libraryScanStatusSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true as const, data: scans.status() }),
  );
};
