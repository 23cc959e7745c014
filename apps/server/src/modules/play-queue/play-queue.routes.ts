import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import {
  playQueueSchema,
  playQueueStampSchema,
  savePlayQueueBodySchema,
} from '@cadenza/contract/play-queue';
import { playerApi } from '@cadenza/contract/routes/player';
import { declared, declaredAnswer } from '../../declared-routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import { deviceName } from '../account/device-names';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import type { PlayQueueService } from './play-queue.service';

export interface PlayQueueRoutesOptions {
  readonly queue: PlayQueueService;
  readonly urls: MediaUrls;
}

/** The listener's queue saved on the server, under /api/user/play-queue. */
export const playQueueRoutes: FastifyPluginAsyncZod<PlayQueueRoutesOptions> = async (
  app,
  { queue, urls },
) => {
  const common = { tags: ['player'], security: [{ bearerAuth: [] }] };

  app.route({
    ...declared(app, playerApi.queue),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary:
        'The queue saved by the web or an app (the same as /rest/getPlayQueue): its songs that ' +
        'still exist in play order, the current one, the position and which device saved it; ' +
        'null when none is saved',
      response: {
        200: declaredAnswer(playerApi.queue, successResponse(playQueueSchema.nullable())),
        ...errorResponses(401),
      },
    },
    handler: async (request) => {
      const saved = await queue.get(callerOf(request).userId);
      if (!saved) return { success: true as const, data: null };
      const now = Date.now();
      return {
        success: true as const,
        data: {
          songs: saved.songs.map((song) => presentSong(song, urlsFor(urls, request), now)),
          currentSongId: saved.currentSongId,
          currentIndex: saved.currentIndex,
          positionMs: saved.positionMs,
          changedAt: saved.changedAt,
          changedBy: saved.changedBy,
        },
      };
    },
  });

  app.route({
    ...declared(app, playerApi.saveQueue),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary:
        'Replace the saved queue (the same as /rest/savePlayQueue); an empty one removes it. ' +
        'Every song must exist (404 song_not_found otherwise)',
      body: savePlayQueueBodySchema,
      response: {
        200: declaredAnswer(playerApi.saveQueue, successResponse(playQueueStampSchema.nullable())),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const { songIds, currentSongId, currentIndex, positionMs, device } = request.body;
      const stamp = await queue.save(callerOf(request).userId, {
        songIds,
        current:
          currentIndex !== undefined
            ? { index: currentIndex }
            : currentSongId === null
              ? null
              : { songId: currentSongId },
        positionMs,
        changedBy: device ?? deviceName(request.headers['user-agent'] ?? ''),
      });
      return { success: true as const, data: stamp };
    },
  });
};
