import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { searchQuerystringSchema } from '@cadenza/contract/search';
import { songSchema } from '@cadenza/contract/songs';
import { z } from 'zod';
import { errorResponses } from '../../schemas';
import type { MediaUrls } from '../media/media-urls';
import { presentSong } from '../songs/songs.presenter';
import type { SearchService } from './search.service';
import { searchApi } from '@cadenza/contract/routes/catalogue';
import { declared, declaredAnswer } from '../../declared-routes';

export const searchRoutes: FastifyPluginAsyncZod<{
  search: SearchService;
  urls: MediaUrls;
}> = async (app, { search, urls }) => {
  app.route({
    ...declared(app, searchApi.songs),
    onRequest: [app.requireUser],
    schema: {
      tags: ['songs'],
      summary: 'Songs matching every word of the query in title, artist, album or genre',
      security: [{ bearerAuth: [] }],
      querystring: searchQuerystringSchema,
      response: {
        200: declaredAnswer(searchApi.songs, successResponse(z.array(songSchema))),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const songs = await search.songs(request.query.query);
      return { success: true as const, data: songs.map((song) => presentSong(song, urls)) };
    },
  });
};
