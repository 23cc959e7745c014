import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { albumPageSchema } from '@cadenza/contract/catalogue';
import { idParamsSchema, successResponse } from '@cadenza/contract/envelope';
import { pageQuerySchema } from '@cadenza/contract/paging';
import { genreApi } from '@cadenza/contract/routes/genres';
import { songPageSchema } from '@cadenza/contract/songs';
import { tagGenreListResponseSchema, tagGenreSchema } from '@cadenza/contract/tag-genres';
import { declared, declaredAnswer } from '../../declared-routes';
import { errorResponses } from '../../schemas';
import { presentAlbum } from '../catalogue/catalogue.presenter';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import { presentTagGenre } from './genres.presenter';
import type { GenresService } from './genres.service';

export interface GenresRoutesOptions {
  readonly genres: GenresService;
  readonly urls: MediaUrls;
}

/** The tag genres, for listeners, under /api/user: the list, and each one's albums and songs. */
export const genresRoutes: FastifyPluginAsyncZod<GenresRoutesOptions> = async (
  app,
  { genres, urls },
) => {
  const common = { tags: ['genres'], security: [{ bearerAuth: [] }] };

  app.route({
    ...declared(app, genreApi.list),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Every tag genre that has songs, by name, with its song and album counts',
      response: {
        200: declaredAnswer(genreApi.list, successResponse(tagGenreListResponseSchema)),
        ...errorResponses(401),
      },
    },
    handler: async () => ({
      success: true as const,
      data: { genres: (await genres.all()).map(presentTagGenre) },
    }),
  });

  app.route({
    ...declared(app, genreApi.detail),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'A tag genre, with its song and album counts',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(genreApi.detail, successResponse(tagGenreSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: presentTagGenre(await genres.genre(request.params.id)),
    }),
  });

  app.route({
    ...declared(app, genreApi.albums),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'The albums with at least one song of a tag genre, by title, a page at a time',
      params: idParamsSchema,
      querystring: pageQuerySchema,
      response: {
        200: declaredAnswer(genreApi.albums, albumPageSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const page = await genres.albums(request.params.id, request.query);
      return {
        success: true as const,
        data: page.items.map((album) => presentAlbum(album, urls)),
        nextCursor: page.nextCursor,
      };
    },
  });

  app.route({
    ...declared(app, genreApi.songs),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "A tag genre's songs, newest added first, a page at a time",
      params: idParamsSchema,
      querystring: pageQuerySchema,
      response: {
        200: declaredAnswer(genreApi.songs, songPageSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const page = await genres.songs(request.params.id, request.query);
      return {
        success: true as const,
        data: page.items.map((song) => presentSong(song, urlsFor(urls, request))),
        nextCursor: page.nextCursor,
      };
    },
  });
};
