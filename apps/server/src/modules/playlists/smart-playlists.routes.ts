import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { pageQuerySchema } from '@cadenza/contract/paging';
import { smartPlaylistApi } from '@cadenza/contract/routes/smart-playlists';
import {
  createSmartPlaylistBodySchema,
  nspDocumentSchema,
  smartCatalogue,
  smartCatalogueSchema,
  smartPlaylistSchema,
  smartPlaylistWithSongsSchema,
  smartPreviewBodySchema,
  smartPreviewSchema,
  updateSmartPlaylistBodySchema,
} from '@cadenza/contract/smart-playlists';
import { declared, declaredAnswer } from '../../declared-routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import { listenerPolicy } from './playlist-policy';
import type { PlaylistsService } from './playlists.service';
import { fromNsp, toNsp } from './smart-nsp';
import { presentSmartPlaylist } from './smart-playlists.presenter';

export interface SmartPlaylistRoutesDeps {
  readonly playlists: PlaylistsService;
  readonly urls: MediaUrls;
}

/** A file name for an exported playlist: its name's letters and digits, or `smart-playlist`. */
function nspFileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9 _-]+/g, '').trim();
  return `${safe || 'smart-playlist'}.nsp`;
}

/**
 * A listener's smart playlists under /api/user/smart-playlists (docs/product.md, "Smart
 * playlists"): rules in, a playlist out, evaluated on every read. They are listed, opened and
 * paged with the ordinary playlists too.
 */
export const smartPlaylistsRoutes: FastifyPluginAsyncZod<SmartPlaylistRoutesDeps> = async (
  app,
  { playlists, urls },
) => {
  const onRequest = [app.requireUser];
  const common = { tags: ['smart playlists'], security: [{ bearerAuth: [] }] };
  const policyOf = (request: Parameters<typeof callerOf>[0]) => listenerPolicy(callerOf(request));

  app.route({
    ...declared(app, smartPlaylistApi.catalogue),
    onRequest,
    schema: {
      ...common,
      summary: 'The fields a rule may test, their value types and operators, and the limits',
      response: {
        200: declaredAnswer(smartPlaylistApi.catalogue, successResponse(smartCatalogueSchema)),
        ...errorResponses(401),
      },
    },
    handler: async () => ({ success: true as const, data: smartCatalogue }),
  });

  app.route({
    ...declared(app, smartPlaylistApi.preview),
    onRequest,
    schema: {
      ...common,
      summary: 'How many songs unsaved rules choose for the caller, their seconds, the first few',
      body: smartPreviewBodySchema,
      response: {
        200: declaredAnswer(smartPlaylistApi.preview, successResponse(smartPreviewSchema)),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const { sample, ...criteria } = request.body;
      const preview = await playlists.previewSmart(callerOf(request).userId, criteria, sample);
      const songs = preview.songs.map((song) => presentSong(song, urlsFor(urls, request)));
      return { success: true as const, data: { ...preview, songs } };
    },
  });

  app.route({
    ...declared(app, smartPlaylistApi.create),
    onRequest,
    schema: {
      ...common,
      summary: 'Create a smart playlist from rules, a sort and a limit',
      body: createSmartPlaylistBodySchema,
      response: {
        201: declaredAnswer(smartPlaylistApi.create, successResponse(smartPlaylistSchema)),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request, reply) => {
      const owner = callerOf(request).userId;
      const playlist = await playlists.createSmart(policyOf(request), owner, request.body);
      return reply.status(201).send({
        success: true as const,
        data: presentSmartPlaylist(playlist, urls),
      });
    },
  });

  app.route({
    ...declared(app, smartPlaylistApi.detail),
    onRequest,
    schema: {
      ...common,
      summary: 'One smart playlist, its rules, and the first page of its songs as they are now',
      params: idParamsSchema,
      querystring: pageQuerySchema,
      response: {
        200: declaredAnswer(smartPlaylistApi.detail, successResponse(smartPlaylistWithSongsSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const { playlist, songs } = await playlists.getSmart(
        policyOf(request),
        request.params.id,
        request.query,
      );
      return {
        success: true as const,
        data: {
          ...presentSmartPlaylist(playlist, urls),
          songs: songs.items.map((song) => presentSong(song, urlsFor(urls, request))),
          ...(songs.nextCursor === undefined ? {} : { nextCursor: songs.nextCursor }),
        },
      };
    },
  });

  app.route({
    ...declared(app, smartPlaylistApi.update),
    onRequest,
    schema: {
      ...common,
      summary: 'Change what is sent of one of your smart playlists: details, rules, sort, limit',
      params: idParamsSchema,
      body: updateSmartPlaylistBodySchema,
      response: {
        200: declaredAnswer(smartPlaylistApi.update, successResponse(smartPlaylistSchema)),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => {
      const policy = policyOf(request);
      const playlist = await playlists.updateSmart(policy, request.params.id, request.body);
      return { success: true as const, data: presentSmartPlaylist(playlist, urls) };
    },
  });

  app.route({
    ...declared(app, smartPlaylistApi.remove),
    onRequest,
    schema: {
      ...common,
      summary: 'Delete one of your smart playlists',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(smartPlaylistApi.remove, messageResponseSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => {
      await playlists.deleteSmart(policyOf(request), request.params.id);
      return { success: true as const, message: 'Playlist deleted.' };
    },
  });

  app.route({
    ...declared(app, smartPlaylistApi.exportNsp),
    onRequest,
    schema: {
      ...common,
      summary: "A smart playlist's rules as a Navidrome .nsp file (JSON)",
      params: idParamsSchema,
      response: {
        200: declaredAnswer(smartPlaylistApi.exportNsp, nspDocumentSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request, reply) => {
      const playlist = await playlists.getSmartCriteria(policyOf(request), request.params.id);
      const file = nspFileName(playlist.name);
      return reply
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(toNsp(playlist));
    },
  });

  app.route({
    ...declared(app, smartPlaylistApi.importNsp),
    onRequest,
    schema: {
      ...common,
      summary:
        'Create a smart playlist from a Navidrome .nsp file (JSON); unsupported parts are 400',
      body: nspDocumentSchema,
      response: {
        201: declaredAnswer(smartPlaylistApi.importNsp, successResponse(smartPlaylistSchema)),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request, reply) => {
      const { name, description, criteria } = fromNsp(request.body);
      const owner = callerOf(request).userId;
      const playlist = await playlists.createSmart(policyOf(request), owner, {
        name,
        description,
        isPublic: false,
        ...criteria,
      });
      return reply.status(201).send({
        success: true as const,
        data: presentSmartPlaylist(playlist, urls),
      });
    },
  });
};
