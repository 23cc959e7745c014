import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchAllQuerystringSchema, searchAllResultSchema } from '@cadenza/contract/catalogue';
import { successResponse } from '@cadenza/contract/envelope';
import { searchQuerystringSchema } from '@cadenza/contract/search';
import { songSchema } from '@cadenza/contract/songs';
import { z } from 'zod';
import { errorResponses } from '../../schemas';
import { presentAlbum, presentArtist } from '../catalogue/catalogue.presenter';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import { presentTagGenre } from '../genres/genres.presenter';
import type { CombinedSearchService } from './combined-search.service';
import type { SearchService } from './search.service';
import { searchApi } from '@cadenza/contract/routes/catalogue';
import { declared, declaredAnswer } from '../../declared-routes';

export interface SearchRoutesOptions {
  readonly search: SearchService;
  readonly combined: CombinedSearchService;
  readonly urls: MediaUrls;
}

/** The song search and the search of songs, albums and artists at once, under /api/user. */
export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (
  app,
  { search, combined, urls },
) => {
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
      return {
        success: true as const,
        data: songs.map((song) => presentSong(song, urlsFor(urls, request))),
      };
    },
  });

  app.route({
    ...declared(app, searchApi.all),
    onRequest: [app.requireUser],
    schema: {
      tags: ['catalogue'],
      summary: 'Songs, albums, artists and tag genres matching the query',
      security: [{ bearerAuth: [] }],
      querystring: searchAllQuerystringSchema,
      response: {
        200: declaredAnswer(searchApi.all, successResponse(searchAllResultSchema)),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const found = await combined.all(request.query.query);
      return {
        success: true as const,
        data: {
          songs: found.songs.map((song) => presentSong(song, urlsFor(urls, request))),
          albums: found.albums.map((album) => presentAlbum(album, urls)),
          artists: found.artists.map((artist) => presentArtist(artist, urls)),
          genres: found.genres.map(presentTagGenre),
        },
      };
    },
  });
};
