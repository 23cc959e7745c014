import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { songListAudiences, songListRoute } from './song-list.routes';
import type { SongsRoutesOptions } from './songs.routes';
import { publicSongApi } from '@cadenza/contract/routes/songs';

/**
 * GET /api/general/songs: the newest songs for visitors (the landing page's Latest Music), without
 * audio URLs: playing is for listeners, who get them from /api/user/songs.
 */
export const publicSongsRoutes: FastifyPluginAsyncZod<SongsRoutesOptions> = async (
  app,
  { songs, urls, pages },
) => {
  songListRoute(app, publicSongApi.list, { songs, urls, pages }, songListAudiences.visitors);
};
