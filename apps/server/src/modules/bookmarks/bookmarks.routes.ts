import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookmarkMessages,
  bookmarkSchema,
  saveBookmarkBodySchema,
  songBookmarkAnswerSchema,
} from '@cadenza/contract/bookmarks';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { bookmarksApi } from '@cadenza/contract/routes/bookmarks';
import { z } from 'zod';
import { declared, declaredAnswer } from '../../declared-routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { presentBookmark } from './bookmarks.presenter';
import type { BookmarksService } from './bookmarks.service';

export interface BookmarksRoutesOptions {
  readonly bookmarks: BookmarksService;
  readonly urls: MediaUrls;
}

/** The listener's places kept in songs, under /api/user. */
export const bookmarksRoutes: FastifyPluginAsyncZod<BookmarksRoutesOptions> = async (
  app,
  { bookmarks, urls },
) => {
  const common = { tags: ['player'], security: [{ bearerAuth: [] }] };

  app.route({
    ...declared(app, bookmarksApi.list),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary:
        "The caller's bookmarks (the same as /rest/getBookmarks), the latest changed first, " +
        'each with its song',
      response: {
        200: declaredAnswer(bookmarksApi.list, successResponse(z.array(bookmarkSchema))),
        ...errorResponses(401),
      },
    },
    handler: async (request) => {
      const found = await bookmarks.list(callerOf(request).userId);
      const now = Date.now();
      const requestUrls = urlsFor(urls, request);
      return {
        success: true as const,
        data: found.map((bookmark) => presentBookmark(bookmark, requestUrls, now)),
      };
    },
  });

  app.route({
    ...declared(app, bookmarksApi.ofSong),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "The caller's bookmark in a song; null for none",
      params: idParamsSchema,
      response: {
        200: declaredAnswer(bookmarksApi.ofSong, successResponse(songBookmarkAnswerSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const found = await bookmarks.of(callerOf(request).userId, request.params.id);
      return {
        success: true as const,
        data: { bookmark: found && presentBookmark(found, urlsFor(urls, request), Date.now()) },
      };
    },
  });

  app.route({
    ...declared(app, bookmarksApi.save),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary:
        'Keeps the place in a song (the same as /rest/createBookmark): a position past its end ' +
        'is its end; a comment replaces the one kept, none keeps it',
      params: idParamsSchema,
      body: saveBookmarkBodySchema,
      response: {
        200: declaredAnswer(bookmarksApi.save, successResponse(bookmarkSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const { positionMs, comment } = request.body;
      const saved = await bookmarks.save(
        callerOf(request).userId,
        request.params.id,
        positionMs,
        comment,
      );
      return {
        success: true as const,
        data: presentBookmark(saved, urlsFor(urls, request), Date.now()),
      };
    },
  });

  app.route({
    ...declared(app, bookmarksApi.remove),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Removes the bookmark in a song (404 bookmark_not_found when there is none)',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(bookmarksApi.remove, messageResponseSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      await bookmarks.remove(callerOf(request).userId, request.params.id);
      return { success: true as const, message: bookmarkMessages.removed };
    },
  });
};
