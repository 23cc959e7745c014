import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  albumDetailSchema,
  albumListQuerySchema,
  albumPageSchema,
  artistDetailSchema,
  artistPageSchema,
} from '@cadenza/contract/catalogue';
import { idParamsSchema, successResponse } from '@cadenza/contract/envelope';
import { genreCountSchema, homeRowsSchema } from '@cadenza/contract/home';
import { pageQuerySchema } from '@cadenza/contract/paging';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import { presentAlbum, presentArtist } from './catalogue.presenter';
import type { CatalogueService } from './catalogue.service';
import type { HomeService } from './home.service';
import { catalogueApi } from '@cadenza/contract/routes/catalogue';
import { declared, declaredAnswer } from '../../declared-routes';

export interface CatalogueRoutesOptions {
  readonly catalogue: CatalogueService;
  readonly home: HomeService;
  readonly urls: MediaUrls;
}

/** Albums, artists, genres and the rows of Home, for listeners, under /api/user. */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (
  app,
  { catalogue, home, urls },
) => {
  const common = { tags: ['catalogue'], security: [{ bearerAuth: [] }] };

  app.route({
    ...declared(app, catalogueApi.albums),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'All albums, a page at a time: newest, by title, artist, year or most played',
      querystring: albumListQuerySchema,
      response: {
        200: declaredAnswer(catalogueApi.albums, albumPageSchema),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const { sort, ...page } = request.query;
      const albums = await catalogue.albums(sort, page);
      return {
        success: true as const,
        data: albums.items.map((album) => presentAlbum(album, urls)),
        nextCursor: albums.nextCursor,
      };
    },
  });

  app.route({
    ...declared(app, catalogueApi.album),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'An album and its tracks, by disc, then track number',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(catalogueApi.album, successResponse(albumDetailSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const { album, songs } = await catalogue.album(request.params.id);
      return {
        success: true as const,
        data: {
          ...presentAlbum(album, urls),
          songs: songs.map((song) => presentSong(song, urlsFor(urls, request))),
        },
      };
    },
  });

  app.route({
    ...declared(app, catalogueApi.artists),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'All artists, alphabetical by sort name, a page at a time',
      querystring: pageQuerySchema,
      response: {
        200: declaredAnswer(catalogueApi.artists, artistPageSchema),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const artists = await catalogue.artists(request.query);
      return {
        success: true as const,
        data: artists.items.map((artist) => presentArtist(artist, urls)),
        nextCursor: artists.nextCursor,
      };
    },
  });

  app.route({
    ...declared(app, catalogueApi.artist),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'An artist, their albums newest first and their most played songs',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(catalogueApi.artist, successResponse(artistDetailSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const { artist, albums, topSongs } = await catalogue.artist(request.params.id);
      return {
        success: true as const,
        data: {
          ...presentArtist(artist, urls),
          albums: albums.map((album) => presentAlbum(album, urls)),
          topSongs: topSongs.map((song) => presentSong(song, urlsFor(urls, request))),
        },
      };
    },
  });

  app.route({
    ...declared(app, catalogueApi.genres),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'The genres that have songs, with how many each has',
      response: {
        200: declaredAnswer(catalogueApi.genres, successResponse(z.array(genreCountSchema))),
        ...errorResponses(401),
      },
    },
    handler: async () => ({ success: true as const, data: await home.genres() }),
  });

  app.route({
    ...declared(app, catalogueApi.home),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary:
        "Home's rows: the newest albums, the artists the caller plays most, and each genre's newest songs",
      response: {
        200: declaredAnswer(catalogueApi.home, successResponse(homeRowsSchema)),
        ...errorResponses(401),
      },
    },
    handler: async (request) => {
      const rows = await home.rows(callerOf(request).userId);
      return {
        success: true as const,
        data: {
          newAlbums: rows.newAlbums.map((album) => presentAlbum(album, urls)),
          topArtists: rows.topArtists.map((artist) => ({
            ...presentArtist(artist, urls),
            playCount: artist.playCount,
          })),
          genres: rows.genres.map(({ songs, ...count }) => ({
            ...count,
            songs: songs.map((song) => presentSong(song, urlsFor(urls, request))),
          })),
        },
      };
    },
  });
};
