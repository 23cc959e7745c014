import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  albumDetailSchema,
  albumListQuerySchema,
  albumPageSchema,
  artistDetailSchema,
  artistPageSchema,
} from '@cadenza/contract/catalogue';
import { idParamsSchema, successResponse } from '@cadenza/contract/envelope';
import { homeRowsSchema } from '@cadenza/contract/home';
import { pageQuerySchema } from '@cadenza/contract/paging';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import { presentAlbum, presentAlbumDetail, presentArtist } from './catalogue.presenter';
import type { CatalogueService } from './catalogue.service';
import type { HomeService } from './home.service';
import { catalogueApi } from '@cadenza/contract/routes/catalogue';
import { declared, declaredAnswer } from '../../declared-routes';

export interface CatalogueRoutesOptions {
  readonly catalogue: CatalogueService;
  readonly home: HomeService;
  readonly urls: MediaUrls;
}

/** Albums, artists and the rows of Home, for listeners, under /api/user. */
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
      summary:
        'An album, its release details (dates, labels, disc titles) and its tracks, by disc, then track number',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(catalogueApi.album, successResponse(albumDetailSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: presentAlbumDetail(
        await catalogue.album(request.params.id),
        urls,
        urlsFor(urls, request),
      ),
    }),
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
      summary:
        'An artist, their releases by type, the albums they appear on and their most played songs',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(catalogueApi.artist, successResponse(artistDetailSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const { artist, albums, appearsOn, topSongs } = await catalogue.artist(request.params.id);
      return {
        success: true as const,
        data: {
          ...presentArtist(artist, urls),
          albums: albums.map((album) => presentAlbum(album, urls)),
          appearsOn: appearsOn.map((album) => presentAlbum(album, urls)),
          appearsOnCount: appearsOn.length,
          topSongs: topSongs.map((song) => presentSong(song, urlsFor(urls, request))),
        },
      };
    },
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
