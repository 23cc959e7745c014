import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { pageQuerySchema } from '@cadenza/contract/paging';
import {
  likeToggleResponseSchema,
  songMarksSchema,
  songPageSchema,
  recentlyPlayedEntrySchema,
  recentlyPlayedQuerySchema,
  saveToggleResponseSchema,
} from '@cadenza/contract/songs';
import { songApi } from '@cadenza/contract/routes/songs';
import { declared, declaredAnswer } from '../../declared-routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { attachmentDisposition } from './download-name';
import { songListAudiences, songListRoute } from './song-list.routes';
import type { SongPageCache } from './song-page-cache';
import { presentSong } from './songs.presenter';
import type { SongsService } from './songs.service';
import type { ScrobblingService } from '../scrobbling/scrobbling.service';

export interface SongsRoutesOptions {
  readonly songs: SongsService;
  readonly urls: MediaUrls;
  /** The pages of every song kept for each audience (song-page-cache.ts). */
  readonly pages: SongPageCache;
}

/** The listener's routes also tell their ListenBrainz and Last.fm what started playing. */
export interface ListenerSongsRoutesOptions extends SongsRoutesOptions {
  readonly scrobbling: ScrobblingService;
}

/** The listener's song calls of docs/product.md §7, under /api/user/songs. */
export const songsRoutes: FastifyPluginAsyncZod<ListenerSongsRoutesOptions> = async (
  app,
  { songs, urls, pages, scrobbling },
) => {
  const common = { tags: ['songs'], security: [{ bearerAuth: [] }] };

  songListRoute(app, songApi.list, { songs, urls, pages }, songListAudiences.listeners);

  const markedLists = [
    [songApi.liked, 'likes', 'The songs the caller liked, newest like first, a page at a time'],
    [songApi.saved, 'saves', "The caller's library (saved songs), newest first, a page at a time"],
  ] as const;
  for (const [route, mark, summary] of markedLists) {
    app.route({
      ...declared(app, route),
      onRequest: [app.requireUser],
      schema: {
        ...common,
        summary,
        querystring: pageQuerySchema,
        response: { 200: declaredAnswer(route, songPageSchema), ...errorResponses(400, 401) },
      },
      handler: async (request) => {
        const page = await songs.marked(mark, callerOf(request).userId, request.query);
        const data = page.items.map((song) => presentSong(song, urlsFor(urls, request)));
        return { success: true as const, data, nextCursor: page.nextCursor };
      },
    });
  }

  app.route({
    ...declared(app, songApi.marks),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'The ids of every song the caller liked and saved, newest mark first',
      response: {
        200: declaredAnswer(songApi.marks, successResponse(songMarksSchema)),
        ...errorResponses(401),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await songs.marks(callerOf(request).userId),
    }),
  });

  app.route({
    ...declared(app, songApi.recentlyPlayed),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "The caller's recently played songs: one entry per song, newest first",
      querystring: recentlyPlayedQuerySchema,
      response: {
        200: declaredAnswer(
          songApi.recentlyPlayed,
          successResponse(z.array(recentlyPlayedEntrySchema)),
        ),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const played = await songs.recentlyPlayed(callerOf(request).userId, request.query.limit);
      return {
        success: true as const,
        data: played.map(({ song, playedAt }) => ({
          song: presentSong(song, urlsFor(urls, request)),
          playedAt,
        })),
      };
    },
  });

  app.route({
    ...declared(app, songApi.recordPlay),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Record that the caller started playing a song',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(songApi.recordPlay, messageResponseSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const { userId } = callerOf(request);
      await songs.recordPlay(userId, request.params.id);
      scrobbling.nowPlaying(userId, request.params.id);
      return { success: true as const, message: 'Play recorded.' };
    },
  });

  app.route({
    ...declared(app, songApi.toggleLike),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Like a song, or unlike it when already liked',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(songApi.toggleLike, likeToggleResponseSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      liked: await songs.toggle('likes', callerOf(request).userId, request.params.id),
    }),
  });

  app.route({
    ...declared(app, songApi.toggleSave),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "Add a song to the caller's library, or remove it when already there",
      params: idParamsSchema,
      response: {
        200: declaredAnswer(songApi.toggleSave, saveToggleResponseSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      saved: await songs.toggle('saves', callerOf(request).userId, request.params.id),
    }),
  });

  app.route({
    ...declared(app, songApi.download),
    onRequest: [app.requireUser],
    exposeHeadRoute: false,
    schema: {
      ...common,
      summary: 'Download a song as a file named title_artist_Cadenza.<ext>',
      params: idParamsSchema,
      response: {
        200: z.unknown().describe('The audio file as an attachment'),
        302: z.void().describe('To a presigned URL of the bucket (MEDIA_DELIVERY=redirect)'),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request, reply) => {
      const file = await songs.download(request.params.id);
      request.server.mediaAccess.track(request, reply, {
        kind: 'download',
        song: request.params.id,
        user: request.caller?.userId ?? null,
      });
      if (file.kind === 'redirect') {
        return reply.header('cache-control', 'private, no-store').redirect(file.url, 302);
      }
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.bytes)
        .header('content-disposition', attachmentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });
};
