import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '@cadenza/contract/paging';
import { publicSongPageSchema } from '@cadenza/contract/songs';
import { keysetPageRequest } from '../../keyset';
import { errorResponses } from '../../schemas';
import type { SongsService } from './songs.service';

/**
 * GET /api/general/songs: the newest songs for visitors (the landing page's Latest Music), without
 * audio URLs: playing is for listeners, who get them from /api/user/songs.
 */
export const publicSongsRoutes: FastifyPluginAsyncZod<{ songs: SongsService }> = async (
  app,
  { songs },
) => {
  app.get(
    '/songs',
    {
      schema: {
        tags: ['general'],
        summary: 'All songs, newest first, a page at a time, without audio (public)',
        querystring: pageQuerySchema,
        response: { 200: publicSongPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const page = await songs.listPublic(keysetPageRequest(request.query));
      return { success: true as const, data: page.items, nextCursor: page.nextCursor };
    },
  );
};
