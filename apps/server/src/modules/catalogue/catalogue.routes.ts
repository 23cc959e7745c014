import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  albumDetailSchema,
  albumListQuerySchema,
  albumPageSchema,
  artistDetailSchema,
  artistPageSchema,
  searchAllQuerystringSchema,
  searchAllResultSchema,
} from '@cadenza/contract/catalogue';
import { idParamsSchema, successResponse } from '@cadenza/contract/envelope';
import { pageQuerySchema } from '@cadenza/contract/paging';
import { errorResponses } from '../../schemas';
import type { MediaUrls } from '../media/media-urls';
import { presentSong } from '../songs/songs.presenter';
import { presentAlbum, presentArtist } from './catalogue.presenter';
import type { CatalogueService } from './catalogue.service';

export interface CatalogueRoutesOptions {
  readonly catalogue: CatalogueService;
  readonly urls: MediaUrls;
}

/** Albums, artists and the search over both and songs, for listeners, under /api/user. */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (
  app,
  { catalogue, urls },
) => {
  const common = { tags: ['catalogue'], security: [{ bearerAuth: [] }] };

  app.get(
    '/albums',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'All albums, a page at a time: newest, by title, artist, year or most played',
        querystring: albumListQuerySchema,
        response: { 200: albumPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { sort, ...page } = request.query;
      const albums = await catalogue.albums(sort, page);
      return {
        success: true as const,
        data: albums.items.map((album) => presentAlbum(album, urls)),
        nextCursor: albums.nextCursor,
      };
    },
  );

  app.get(
    '/albums/:id',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'An album and its tracks, by disc, then track number',
        params: idParamsSchema,
        response: { 200: successResponse(albumDetailSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { album, songs } = await catalogue.album(request.params.id);
      return {
        success: true as const,
        data: { ...presentAlbum(album, urls), songs: songs.map((song) => presentSong(song, urls)) },
      };
    },
  );

  app.get(
    '/artists',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'All artists, alphabetical by sort name, a page at a time',
        querystring: pageQuerySchema,
        response: { 200: artistPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const artists = await catalogue.artists(request.query);
      return {
        success: true as const,
        data: artists.items.map(presentArtist),
        nextCursor: artists.nextCursor,
      };
    },
  );

  app.get(
    '/artists/:id',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'An artist, their albums newest first and their most played songs',
        params: idParamsSchema,
        response: { 200: successResponse(artistDetailSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { artist, albums, topSongs } = await catalogue.artist(request.params.id);
      return {
        success: true as const,
        data: {
          ...presentArtist(artist),
          albums: albums.map((album) => presentAlbum(album, urls)),
          topSongs: topSongs.map((song) => presentSong(song, urls)),
        },
      };
    },
  );

  app.get(
    '/search/all',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'Songs, albums and artists matching the query',
        querystring: searchAllQuerystringSchema,
        response: { 200: successResponse(searchAllResultSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const found = await catalogue.searchAll(request.query.query);
      return {
        success: true as const,
        data: {
          songs: found.songs.map((song) => presentSong(song, urls)),
          albums: found.albums.map((album) => presentAlbum(album, urls)),
          artists: found.artists.map(presentArtist),
        },
      };
    },
  );
};
