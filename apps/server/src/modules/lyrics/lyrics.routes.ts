import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import {
  lyricsBodySchema,
  lyricsMessages,
  songLyricsAnswerSchema,
  songLyricsSchema,
} from '@cadenza/contract/lyrics';
import { lyricsApi } from '@cadenza/contract/routes/lyrics';
import { declared, declaredAnswer } from '../../declared-routes';
import { errorResponses } from '../../schemas';
import { presentLyrics } from './lyrics.presenter';
import type { LyricsService } from './lyrics.service';

export interface LyricsRoutesOptions {
  readonly lyrics: LyricsService;
}

/** A song's lyrics for listeners, and an administrator's edits of them, under /api. */
export const lyricsRoutes: FastifyPluginAsyncZod<LyricsRoutesOptions> = async (app, { lyrics }) => {
  app.route({
    ...declared(app, lyricsApi.ofSong),
    onRequest: [app.requireUser],
    schema: {
      tags: ['songs'],
      security: [{ bearerAuth: [] }],
      summary: "A song's lyrics: synced lines with their times, or plain lines; null for none",
      params: idParamsSchema,
      response: {
        200: declaredAnswer(lyricsApi.ofSong, successResponse(songLyricsAnswerSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const shown = await lyrics.shown(request.params.id);
      return { success: true as const, data: { lyrics: shown && presentLyrics(shown) } };
    },
  });

  app.route({
    ...declared(app, lyricsApi.set),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security: [{ bearerAuth: [] }],
      summary: "Sets a song's lyrics (LRC or plain text), before what its file says",
      params: idParamsSchema,
      body: lyricsBodySchema,
      response: {
        200: declaredAnswer(lyricsApi.set, successResponse(songLyricsSchema)),
        ...errorResponses(400, 401, 403, 404, 413),
      },
    },
    handler: async (request) => {
      const set = await lyrics.set(request.params.id, request.body);
      return { success: true as const, data: presentLyrics(set) };
    },
  });

  app.route({
    ...declared(app, lyricsApi.remove),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security: [{ bearerAuth: [] }],
      summary: "Removes a song's lyrics, whatever their source",
      params: idParamsSchema,
      response: {
        200: declaredAnswer(lyricsApi.remove, messageResponseSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => {
      await lyrics.remove(request.params.id);
      return { success: true as const, message: lyricsMessages.removed };
    },
  });
};
