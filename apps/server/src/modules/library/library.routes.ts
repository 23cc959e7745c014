import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import type { TranscodingInfo } from '@cadenza/contract/health';
import { libraryStatusSchema } from '@cadenza/contract/library';
import { errorResponses } from '../../schemas';
import type { LibraryScanService } from './library-scan.service';
import { libraryApi } from '@cadenza/contract/routes/admin';
import { declared, declaredAnswer } from '../../declared-routes';

/** The scan of the folders in place (MUSIC_DIR), for administrators, under /api/admin/library. */
export const libraryRoutes: FastifyPluginAsyncZod<{
  scans: LibraryScanService;
  /** Whether files browsers cannot play are taken in, played through ffmpeg. */
  transcoding: TranscodingInfo;
}> = async (app, { scans, transcoding }) => {
  app.route({
    ...declared(app, libraryApi.startScan),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security: [{ bearerAuth: [] }],
      summary:
        'Start a scan of the music folders (MUSIC_DIR) in the background; while one runs, its status',
      response: {
        202: declaredAnswer(libraryApi.startScan, successResponse(libraryStatusSchema)),
        ...errorResponses(401, 403, 409),
      },
    },
    handler: async (_request, reply) =>
      reply.code(202).send({ success: true as const, data: { ...scans.start(), transcoding } }),
  });

  app.route({
    ...declared(app, libraryApi.scan),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security: [{ bearerAuth: [] }],
      summary: 'The running or last scan of the music folders: progress, counts and errors',
      response: {
        200: declaredAnswer(libraryApi.scan, successResponse(libraryStatusSchema)),
        ...errorResponses(401, 403),
      },
    },
    handler: async () => ({ success: true as const, data: { ...scans.status(), transcoding } }),
  });
};
