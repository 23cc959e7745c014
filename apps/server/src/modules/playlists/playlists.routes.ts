import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { pageQuerySchema, pageResponse } from '@cadenza/contract/paging';
import {
  moveSongBodySchema,
  playlistSchema,
  playlistSongParamsSchema,
  playlistWithSongsSchema,
} from '@cadenza/contract/playlists';
import { songSchema } from '@cadenza/contract/songs';
import { presentSong } from '../songs/songs.presenter';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import type { CoverImages } from '../images/cover-images';
import { formBody } from '../uploads/form-body';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import type { StoredImage } from '../uploads/stored-files';
import {
  ensureSomethingToChange,
  listenerPlaylistChangesFormSchema,
  listenerPlaylistFormSchema,
} from './playlist-form';
import { listenerPolicy, type PlaylistPolicy } from './playlist-policy';
import { presentPlaylist, presentPlaylistWithSongs } from './playlists.presenter';
import type { NewPlaylistFields, PlaylistsService } from './playlists.service';
import type { adminPlaylistApi } from '@cadenza/contract/routes/playlists';
import { playlistApi } from '@cadenza/contract/routes/playlists';
import { declared, declaredAnswer } from '../../declared-routes';

/** What the playlist routes of every audience are built from. */
export interface PlaylistRoutesDeps {
  readonly playlists: PlaylistsService;
  readonly covers: CoverImages;
  readonly urls: MediaUrls;
}

type PlaylistCall =
  'list' | 'get' | 'songs' | 'create' | 'addSong' | 'removeSong' | 'moveSong' | 'delete';

/** The failures each call may answer to a caller the guard lets through. */
const FAILURES = {
  list: [400, 401],
  get: [400, 401, 404],
  songs: [400, 401, 404],
  create: [400, 401, 413, 415],
  addSong: [400, 401, 403, 404, 409],
  removeSong: [400, 401, 403, 404],
  moveSong: [400, 401, 403, 404],
  delete: [400, 401, 403, 404],
} as const;

/**
 * Where the playlist routes of one audience differ: who may call them, the policy the service
 * applies for the caller, the JSON body of a new playlist, and what the OpenAPI document says.
 */
export interface PlaylistAudience {
  readonly guard: 'requireUser' | 'requireAdmin';
  readonly tag: string;
  readonly policyOf: (request: FastifyRequest) => PlaylistPolicy;
  /** The form of a new playlist (multipart with an optional cover, or JSON). */
  readonly createBody: z.ZodType<NewPlaylistFields & { readonly coverImage?: StoredImage }>;
  /** Whether a new playlist's form names its first songs, so that creating it may answer 404. */
  readonly createNamesSongs: boolean;
  /** What the OpenAPI document says each call does. */
  readonly summaries: Record<PlaylistCall, string>;
  /** The audience's routes, as packages/contract declares them. */
  readonly api: typeof playlistApi | typeof adminPlaylistApi;
}

/** The listener's playlist calls of docs/product.md §7, under /api/user/playlists. */
export const listenerAudience: PlaylistAudience = {
  guard: 'requireUser',
  tag: 'playlists',
  policyOf: (request) => listenerPolicy(callerOf(request)),
  createBody: listenerPlaylistFormSchema,
  createNamesSongs: false,
  api: playlistApi,
  summaries: {
    list: "The caller's playlists, then the default public ones, newest first",
    get: 'One playlist with its songs in their order',
    songs: "A page of one playlist's songs in their order (limit and cursor)",
    create: 'Create a playlist (multipart with an optional coverImage file, or JSON)',
    addSong: 'Add a song at the end of one of your playlists (once)',
    removeSong: 'Remove a song from one of your playlists',
    moveSong: 'Move a song of one of your playlists to a 0-based position',
    delete: 'Delete one of your playlists',
  },
};

/** The playlist calls every audience has, as its `audience` says (see PlaylistAudience). */
export const playlistRoutes: FastifyPluginAsyncZod<
  PlaylistRoutesDeps & { readonly audience: PlaylistAudience }
> = async (app, { playlists, covers, urls, audience }) => {
  const { policyOf } = audience;
  const onRequest = [app[audience.guard]];
  const described = (call: PlaylistCall) => ({
    tags: [audience.tag],
    security: [{ bearerAuth: [] }],
    summary: audience.summaries[call],
  });
  /** A call's own failures, the admin guard's 403 for listeners, and a missing first song's 404. */
  const failures = (call: PlaylistCall) => {
    const statuses = new Set<number>(FAILURES[call]);
    if (audience.guard === 'requireAdmin') statuses.add(403);
    if (call === 'create' && audience.createNamesSongs) statuses.add(404);
    return errorResponses(...[...statuses].sort((a, b) => a - b));
  };

  app.route({
    ...declared(app, audience.api.list),
    onRequest,
    schema: {
      ...described('list'),
      querystring: pageQuerySchema,
      response: {
        200: declaredAnswer(audience.api.list, pageResponse(playlistSchema)),
        ...failures('list'),
      },
    },
    handler: async (request) => {
      const page = await playlists.list(policyOf(request), request.query);
      const data = page.items.map((playlist) => presentPlaylist(playlist, urls));
      return { success: true as const, data, nextCursor: page.nextCursor };
    },
  });

  app.route({
    ...declared(app, audience.api.detail),
    onRequest,
    schema: {
      ...described('get'),
      params: idParamsSchema,
      response: {
        200: declaredAnswer(audience.api.detail, successResponse(playlistWithSongsSchema)),
        ...failures('get'),
      },
    },
    handler: async (request) => {
      const playlist = await playlists.get(policyOf(request), request.params.id);
      return {
        success: true as const,
        data: presentPlaylistWithSongs(playlist, urlsFor(urls, request)),
      };
    },
  });

  app.route({
    ...declared(app, audience.api.songs),
    onRequest,
    schema: {
      ...described('songs'),
      params: idParamsSchema,
      querystring: pageQuerySchema,
      response: {
        200: declaredAnswer(audience.api.songs, pageResponse(songSchema)),
        ...failures('songs'),
      },
    },
    handler: async (request) => {
      const { id } = request.params;
      const page = await playlists.songsPage(policyOf(request), id, request.query);
      const data = page.items.map((song) => presentSong(song, urlsFor(urls, request)));
      return { success: true as const, data, nextCursor: page.nextCursor };
    },
  });

  app.route({
    ...declared(app, audience.api.create),
    onRequest,
    ...formBody({ coverImage: covers }),
    schema: {
      ...described('create'),
      consumes: ['multipart/form-data', 'application/json'],
      body: audience.createBody,
      response: {
        201: declaredAnswer(audience.api.create, successResponse(playlistSchema)),
        ...failures('create'),
      },
    },
    handler: async (request, reply) => {
      const owner = callerOf(request).userId;
      const { coverImage, ...fields } = request.body;
      const cover = coverImage ?? null;
      const playlist = await playlists.create(policyOf(request), owner, fields, cover);
      return reply
        .status(201)
        .send({ success: true as const, data: presentPlaylist(playlist, urls) });
    },
  });

  const songRoute = (call: 'addSong' | 'removeSong') => ({
    ...declared(app, audience.api[call]),
    onRequest,
    schema: {
      ...described(call),
      params: playlistSongParamsSchema,
      response: {
        200: declaredAnswer(audience.api[call], successResponse(playlistWithSongsSchema)),
        ...failures(call),
      },
    },
  });

  app.route({
    ...songRoute('addSong'),
    handler: async (request) => {
      const { playlistId, songId } = request.params;
      const playlist = await playlists.addSong(policyOf(request), playlistId, songId);
      return {
        success: true as const,
        data: presentPlaylistWithSongs(playlist, urlsFor(urls, request)),
      };
    },
  });

  app.route({
    ...songRoute('removeSong'),
    handler: async (request) => {
      const { playlistId, songId } = request.params;
      const playlist = await playlists.removeSong(policyOf(request), playlistId, songId);
      return {
        success: true as const,
        data: presentPlaylistWithSongs(playlist, urlsFor(urls, request)),
      };
    },
  });

  app.route({
    ...declared(app, audience.api.moveSong),
    onRequest,
    schema: {
      ...described('moveSong'),
      params: playlistSongParamsSchema,
      body: moveSongBodySchema,
      response: {
        200: declaredAnswer(audience.api.moveSong, successResponse(playlistWithSongsSchema)),
        ...failures('moveSong'),
      },
    },
    handler: async (request) => {
      const { playlistId, songId } = request.params;
      const { position } = request.body;
      const playlist = await playlists.moveSong(policyOf(request), playlistId, songId, position);
      return {
        success: true as const,
        data: presentPlaylistWithSongs(playlist, urlsFor(urls, request)),
      };
    },
  });

  app.route({
    ...declared(app, audience.api.remove),
    onRequest,
    schema: {
      ...described('delete'),
      params: idParamsSchema,
      response: {
        200: declaredAnswer(audience.api.remove, messageResponseSchema),
        ...failures('delete'),
      },
    },
    handler: async (request) => {
      await playlists.delete(policyOf(request), request.params.id);
      return { success: true as const, message: 'Playlist deleted.' };
    },
  });
};

/**
 * The listener's playlist calls under /api/user/playlists: every audience's, and editing one's
 * own playlist's details and cover.
 */
export const listenerPlaylistsRoutes: FastifyPluginAsyncZod<PlaylistRoutesDeps> = async (
  app,
  { playlists, covers, urls },
) => {
  await app.register(playlistRoutes, { playlists, covers, urls, audience: listenerAudience });
  const { policyOf } = listenerAudience;

  app.route({
    ...declared(app, playlistApi.update),
    onRequest: [app.requireUser],
    // Someone else's playlist is 404 or 403 before its upload is read and stored.
    ...formBody(
      { coverImage: covers },
      {
        params: idParamsSchema,
        check: ({ id }, request) => playlists.ensureChangeable(policyOf(request), id),
      },
    ),
    schema: {
      tags: [listenerAudience.tag],
      security: [{ bearerAuth: [] }],
      summary:
        'Edit one of your playlists (multipart: name, description, isPublic, coverImage file, ' +
        'removeCover; or JSON); the song list is not changed here',
      consumes: ['multipart/form-data', 'application/json'],
      params: idParamsSchema,
      body: listenerPlaylistChangesFormSchema,
      response: {
        200: declaredAnswer(playlistApi.update, successResponse(playlistSchema)),
        ...errorResponses(400, 401, 403, 404, 413, 415),
      },
    },
    handler: async (request) => {
      ensureSomethingToChange(request.body);
      const { coverImage, removeCover, ...fields } = request.body;
      const cover = removeCover === true ? null : coverImage;
      const playlist = await playlists.update(policyOf(request), request.params.id, fields, cover);
      return { success: true as const, data: presentPlaylist(playlist, urls) };
    },
  });
};
