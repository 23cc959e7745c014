import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, successResponse } from '@cadenza/contract/envelope';
import { playlistSchema } from '@cadenza/contract/playlists';
import { errorResponses } from '../../schemas';
import { formBody } from '../uploads/form-body';
import { adminPlaylistChangesFormSchema, adminPlaylistFormSchema } from './playlist-form';
import { adminPolicy } from './playlist-policy';
import { presentPlaylist } from './playlists.presenter';
import { playlistRoutes, type PlaylistAudience, type PlaylistRoutesDeps } from './playlists.routes';
import { adminPlaylistApi } from '@cadenza/contract/routes/playlists';
import { declared, declaredAnswer } from '../../declared-routes';

/** The admin area's playlist calls (docs/product.md §10.2), the same as a listener's but for admins. */
const adminAudience: PlaylistAudience = {
  guard: 'requireAdmin',
  tag: 'admin',
  policyOf: () => adminPolicy,
  createBody: adminPlaylistFormSchema,
  createNamesSongs: true,
  api: adminPlaylistApi,
  summaries: {
    list: 'Playlists owned by administrators, newest first, a page at a time',
    get: 'One admin playlist with its songs in their order',
    songs: "A page of one admin playlist's songs in their order (limit and cursor)",
    create:
      'Create a playlist (multipart: name, description, coverImage file, isDefault, isPublic, ' +
      'songs as repeated ids or a JSON array; or JSON)',
    addSong: 'Add a song at the end of an admin playlist (once)',
    removeSong: 'Remove a song from an admin playlist',
    moveSong: 'Move a song of an admin playlist to a 0-based position',
    delete: 'Delete an admin playlist (its songs stay in the library)',
  },
};

/** The admin area's playlists under /api/admin/playlists: every listener's call, and editing. */
export const adminPlaylistsRoutes: FastifyPluginAsyncZod<PlaylistRoutesDeps> = async (
  app,
  { playlists, covers, urls },
) => {
  await app.register(playlistRoutes, { playlists, covers, urls, audience: adminAudience });

  app.route({
    ...declared(app, adminPlaylistApi.update),
    onRequest: [app.requireAdmin],
    // A playlist the admin may not change is 404 or 403 before its upload is read and stored.
    ...formBody(
      { coverImage: covers },
      { params: idParamsSchema, check: ({ id }) => playlists.ensureChangeable(adminPolicy, id) },
    ),
    schema: {
      tags: ['admin'],
      security: [{ bearerAuth: [] }],
      summary:
        'Edit a playlist (multipart: name, description, coverImage file, isDefault, isPublic; ' +
        'or JSON); the song list is not changed here',
      consumes: ['multipart/form-data', 'application/json'],
      params: idParamsSchema,
      body: adminPlaylistChangesFormSchema,
      response: {
        200: declaredAnswer(adminPlaylistApi.update, successResponse(playlistSchema)),
        ...errorResponses(400, 401, 403, 404, 413, 415),
      },
    },
    handler: async (request) => {
      const { coverImage, ...fields } = request.body;
      const playlist = await playlists.update(adminPolicy, request.params.id, fields, coverImage);
      return { success: true as const, data: presentPlaylist(playlist, urls) };
    },
  });
};
