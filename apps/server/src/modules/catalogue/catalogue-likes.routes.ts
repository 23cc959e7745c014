import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  albumPageSchema,
  artistPageSchema,
  catalogueMarksSchema,
} from '@cadenza/contract/catalogue';
import { idParamsSchema, successResponse } from '@cadenza/contract/envelope';
import { pageQuerySchema } from '@cadenza/contract/paging';
import { catalogueApi } from '@cadenza/contract/routes/catalogue';
import { likeToggleResponseSchema } from '@cadenza/contract/songs';
import { declared, declaredAnswer } from '../../declared-routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import type { MediaUrls } from '../delivery/media-urls';
import { presentAlbum, presentArtist } from './catalogue.presenter';
import type { CatalogueLikesService } from './catalogue-likes.service';

export interface CatalogueLikesRoutesOptions {
  readonly likes: CatalogueLikesService;
  readonly urls: MediaUrls;
}

/** The listener's likes of albums and artists, under /api/user: toggles, marks and lists. */
export const catalogueLikesRoutes: FastifyPluginAsyncZod<CatalogueLikesRoutesOptions> = async (
  app,
  { likes, urls },
) => {
  const common = { tags: ['catalogue'], security: [{ bearerAuth: [] }] };

  app.route({
    ...declared(app, catalogueApi.likedAlbums),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'The albums the caller liked, newest like first, a page at a time',
      querystring: pageQuerySchema,
      response: {
        200: declaredAnswer(catalogueApi.likedAlbums, albumPageSchema),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const page = await likes.likedAlbums(callerOf(request).userId, request.query);
      return {
        success: true as const,
        data: page.items.map((album) => presentAlbum(album, urls)),
        nextCursor: page.nextCursor,
      };
    },
  });

  app.route({
    ...declared(app, catalogueApi.likedArtists),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'The artists the caller liked, newest like first, a page at a time',
      querystring: pageQuerySchema,
      response: {
        200: declaredAnswer(catalogueApi.likedArtists, artistPageSchema),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const page = await likes.likedArtists(callerOf(request).userId, request.query);
      return {
        success: true as const,
        data: page.items.map((artist) => presentArtist(artist, urls)),
        nextCursor: page.nextCursor,
      };
    },
  });

  const kinds = [
    { kind: 'album', marks: catalogueApi.albumMarks, toggle: catalogueApi.toggleAlbumLike },
    { kind: 'artist', marks: catalogueApi.artistMarks, toggle: catalogueApi.toggleArtistLike },
  ] as const;
  for (const { kind, marks, toggle } of kinds) {
    app.route({
      ...declared(app, marks),
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: `The ids of every ${kind} the caller liked, newest like first`,
        response: {
          200: declaredAnswer(marks, successResponse(catalogueMarksSchema)),
          ...errorResponses(401),
        },
      },
      handler: async (request) => ({
        success: true as const,
        data: { liked: await likes.likedIds(callerOf(request).userId, kind) },
      }),
    });

    app.route({
      ...declared(app, toggle),
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: `Like an ${kind}, or unlike it when already liked`,
        params: idParamsSchema,
        response: {
          200: declaredAnswer(toggle, likeToggleResponseSchema),
          ...errorResponses(400, 401, 404),
        },
      },
      handler: async (request) => ({
        success: true as const,
        liked: await likes.toggle(callerOf(request).userId, kind, request.params.id),
      }),
    });
  }
};
