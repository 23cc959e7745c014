import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { pageQuerySchema, pageResponse } from '@cadenza/contract/paging';
import {
  createPlaylistBodySchema,
  playlistSchema,
  playlistSongParamsSchema,
  playlistWithSongsSchema,
} from '@cadenza/contract/playlists';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import type { CoverImages } from '../media/cover-images';
import { readPlaylistForm } from './playlist-form';
import type { PlaylistsService } from './playlists.service';

export interface PlaylistRoutesOptions {
  readonly playlists: PlaylistsService;
  readonly covers: CoverImages;
}

/** The listener's playlist calls of SPEC.md §7, under /api/user/playlists. */
export const playlistRoutes: FastifyPluginAsyncZod<PlaylistRoutesOptions> = async (
  app,
  { playlists, covers },
) => {
  const common = { tags: ['playlists'], security: [{ bearerAuth: [] }] };

  app.get(
    '/',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: "The caller's playlists, then the default public ones, newest first",
        querystring: pageQuerySchema,
        response: { 200: pageResponse(playlistSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const page = await playlists.list(callerOf(request), request.query);
      return { success: true as const, data: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/:id',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'One playlist with its songs in the order they were added',
        params: idParamsSchema,
        response: {
          200: successResponse(playlistWithSongsSchema),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await playlists.get(callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'Create a playlist (multipart with an optional coverImage file, or JSON)',
        consumes: ['multipart/form-data', 'application/json'],
        // JSON bodies are checked here; multipart fields are checked by the service.
        body: createPlaylistBodySchema.nullish(),
        response: {
          201: successResponse(playlistSchema),
          ...errorResponses(400, 401, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const form = await readPlaylistForm(request, covers);
      const playlist = await playlists.create(caller, form.fields, form.cover);
      return reply.status(201).send({ success: true as const, data: playlist });
    },
  );

  app.put(
    '/:playlistId/songs/:songId',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'Add a song at the end of one of your playlists (once)',
        params: playlistSongParamsSchema,
        response: {
          200: successResponse(playlistWithSongsSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await playlists.addSong(
        callerOf(request),
        request.params.playlistId,
        request.params.songId,
      ),
    }),
  );

  app.delete(
    '/:playlistId/songs/:songId',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'Remove a song from one of your playlists',
        params: playlistSongParamsSchema,
        response: {
          200: successResponse(playlistWithSongsSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await playlists.removeSong(
        callerOf(request),
        request.params.playlistId,
        request.params.songId,
      ),
    }),
  );

  app.delete(
    '/:id',
    {
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary: 'Delete one of your playlists',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await playlists.delete(callerOf(request), request.params.id);
      return { success: true as const, message: 'Playlist deleted.' };
    },
  );
};
