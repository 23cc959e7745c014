import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { pageQuerySchema } from '@cadenza/contract/paging';
import {
  likeToggleResponseSchema,
  recentlyPlayedEntrySchema,
  recentlyPlayedQuerySchema,
  saveToggleResponseSchema,
  songPageSchema,
} from '@cadenza/contract/songs';
import { keysetPageRequest } from '../../keyset';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import { attachmentDisposition } from './download-name';
import type { SongsService } from './songs.service';

/** The listener's song calls of SPEC.md §7, under /api/user/songs. */
export const songsRoutes: FastifyPluginAsyncZod<{ songs: SongsService }> = async (
  app,
  { songs },
) => {
  const common = { tags: ['songs'], security: [{ bearerAuth: [] }] };

  app.get(
    '/',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'All songs, newest first, a page at a time',
        querystring: pageQuerySchema,
        response: { 200: songPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const page = await songs.list(keysetPageRequest(request.query));
      return { success: true as const, data: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/recently-played',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: "The caller's recently played songs: one entry per song, newest first",
        querystring: recentlyPlayedQuerySchema,
        response: {
          200: successResponse(z.array(recentlyPlayedEntrySchema)),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await songs.recentlyPlayed(callerOf(request).userId, request.query.limit),
    }),
  );

  app.post(
    '/:id/play',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'Record that the caller started playing a song',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await songs.recordPlay(callerOf(request).userId, request.params.id);
      return { success: true as const, message: 'Play recorded.' };
    },
  );

  app.put(
    '/:id/like',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'Like a song, or unlike it when already liked',
        params: idParamsSchema,
        response: { 200: likeToggleResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      liked: await songs.toggle('likes', callerOf(request).userId, request.params.id),
    }),
  );

  app.put(
    '/:id/save',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: "Add a song to the caller's library, or remove it when already there",
        params: idParamsSchema,
        response: { 200: saveToggleResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      saved: await songs.toggle('saves', callerOf(request).userId, request.params.id),
    }),
  );

  app.get(
    '/:id/download',
    {
      onRequest: [app.requireUser],
      exposeHeadRoute: false,
      schema: {
        ...common,
        summary: 'Download a song as a file named title_artist_Cadenza.<ext>',
        params: idParamsSchema,
        response: {
          200: z.unknown().describe('The audio file as an attachment'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await songs.download(request.params.id);
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.bytes)
        .header('content-disposition', attachmentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
