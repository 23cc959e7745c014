import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { songListAudiences, songListRoute } from './song-list.routes';
import type { SongsRoutesOptions } from './songs.routes';

/**
 * GET /api/general/songs: the newest songs for visitors (the landing page's Latest Music), without
 * audio URLs: playing is for listeners, who get them from /api/user/songs.
 */
export const publicSongsRoutes: FastifyPluginAsyncZod<SongsRoutesOptions> = async (
  app,
  { songs, urls, pages },
) => {
  songListRoute(app, '/songs', { songs, urls, pages }, songListAudiences.visitors);
};
