import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCreatePlaylistBodySchema,
  adminUpdatePlaylistBodySchema,
} from '@cadenza/contract/admin';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { pageQuerySchema, pageResponse } from '@cadenza/contract/paging';
import {
  playlistSchema,
  playlistSongParamsSchema,
  playlistWithSongsSchema,
} from '@cadenza/contract/playlists';
import { keysetPageRequest } from '../../keyset';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import type { CoverImages } from '../media/cover-images';
import { readPlaylistForm } from '../playlists/playlist-form';
import type { AdminPlaylistsService } from './admin-playlists.service';

export interface AdminPlaylistsRoutesOptions {
  readonly adminPlaylists: AdminPlaylistsService;
  readonly covers: CoverImages;
}

/** The admin area's playlists under /api/admin/playlists (DESIGN.md §10.2). */
export const adminPlaylistsRoutes: FastifyPluginAsyncZod<AdminPlaylistsRoutesOptions> = async (
  app,
  { adminPlaylists, covers },
) => {
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  app.get(
    '/',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: 'Playlists owned by administrators, newest first, a page at a time',
        querystring: pageQuerySchema,
        response: { 200: pageResponse(playlistSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await adminPlaylists.list(keysetPageRequest(request.query));
      return { success: true as const, data: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: 'One admin playlist with its songs in the order they were added',
        params: idParamsSchema,
        response: {
          200: successResponse(playlistWithSongsSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await adminPlaylists.get(request.params.id),
    }),
  );

  app.post(
    '/',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary:
          'Create a playlist (multipart: name, description, coverImage file, isDefault, isPublic, ' +
          'songs as repeated ids or a JSON array; or JSON)',
        consumes: ['multipart/form-data', 'application/json'],
        // JSON bodies are checked here; multipart fields are checked by the service.
        body: adminCreatePlaylistBodySchema.nullish(),
        response: {
          201: successResponse(playlistSchema),
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const form = await readPlaylistForm(request, covers);
      const playlist = await adminPlaylists.create(callerOf(request), form.fields, form.cover);
      return reply.status(201).send({ success: true as const, data: playlist });
    },
  );

  app.put(
    '/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary:
          'Edit a playlist (multipart: name, description, coverImage file, isDefault, isPublic; ' +
          'or JSON); the song list is not changed here',
        consumes: ['multipart/form-data', 'application/json'],
        params: idParamsSchema,
        body: adminUpdatePlaylistBodySchema.nullish(),
        response: {
          200: successResponse(playlistSchema),
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      await adminPlaylists.ensureExists(request.params.id);
      const form = await readPlaylistForm(request, covers);
      return {
        success: true as const,
        data: await adminPlaylists.update(request.params.id, form.fields, form.cover),
      };
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: 'Delete an admin playlist (its songs stay in the library)',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await adminPlaylists.delete(request.params.id);
      return { success: true as const, message: 'Playlist deleted.' };
    },
  );

  app.put(
    '/:playlistId/songs/:songId',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: 'Add a song at the end of an admin playlist (once)',
        params: playlistSongParamsSchema,
        response: {
          200: successResponse(playlistWithSongsSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await adminPlaylists.addSong(request.params.playlistId, request.params.songId),
    }),
  );

  app.delete(
    '/:playlistId/songs/:songId',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: 'Remove a song from an admin playlist',
        params: playlistSongParamsSchema,
        response: {
          200: successResponse(playlistWithSongsSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await adminPlaylists.removeSong(request.params.playlistId, request.params.songId),
    }),
  );
};
