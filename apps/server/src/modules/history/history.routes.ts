import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import {
  historyImportQuerySchema,
  historyImportSchema,
  historyPageSchema,
  historyQuerySchema,
  matchListenBodySchema,
  playIdParamsSchema,
  unmatchedListenPageSchema,
} from '@cadenza/contract/listening-history';
import { pageQuerySchema } from '@cadenza/contract/paging';
import { historyApi } from '@cadenza/contract/routes/listening-history';
import { declared, declaredAnswer } from '../../declared-routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import type { HistoryImports } from './history-imports.service';
import { readHistoryUpload } from './history-upload';
import {
  presentHistoryEntry,
  presentHistoryImport,
  presentUnmatchedListen,
} from './history.presenter';
import type { HistoryService } from './history.service';

export interface HistoryRoutesOptions {
  readonly history: HistoryService;
  readonly imports: HistoryImports;
  readonly urls: MediaUrls;
  readonly maxFileBytes: number;
}

/** The listener's listening history and imports of it, under /api/user/history. */
export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesOptions> = async (
  app,
  { history, imports, urls, maxFileBytes },
) => {
  const common = { tags: ['history'], security: [{ bearerAuth: [] }] };
  const importAnswer = successResponse(historyImportSchema);

  app.route({
    ...declared(app, historyApi.list),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Every play of the caller, newest first, a page at a time; q searches the songs',
      querystring: historyQuerySchema,
      response: {
        200: declaredAnswer(historyApi.list, historyPageSchema),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const page = await history.page(callerOf(request).userId, request.query);
      const shown = urlsFor(urls, request);
      return {
        success: true as const,
        data: page.items.map((entry) => presentHistoryEntry(entry, shown)),
        nextCursor: page.nextCursor,
      };
    },
  });

  app.route({
    ...declared(app, historyApi.removePlay),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Remove one play from the caller’s history, and from every count it was in',
      params: playIdParamsSchema,
      response: {
        200: declaredAnswer(historyApi.removePlay, messageResponseSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      await history.removePlay(callerOf(request).userId, Number(request.params.id));
      return { success: true as const, message: 'Play removed.' };
    },
  });

  app.route({
    ...declared(app, historyApi.imports),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "The caller's latest history imports and how far each got",
      response: {
        200: declaredAnswer(historyApi.imports, successResponse(z.array(historyImportSchema))),
        ...errorResponses(401),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: (await imports.latest(callerOf(request).userId)).map(presentHistoryImport),
    }),
  });

  app.route({
    ...declared(app, historyApi.startImport),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary:
        'Bring a listening history from Spotify, ListenBrainz or Last.fm: the file as the "file" ' +
        'field of a multipart form; answers the import, which carries on in the background',
      querystring: historyImportQuerySchema,
      response: {
        202: declaredAnswer(historyApi.startImport, importAnswer),
        ...errorResponses(400, 401, 413),
      },
    },
    handler: async (request, reply) => {
      const bytes = await readHistoryUpload(request, maxFileBytes);
      const started = await imports.start(callerOf(request).userId, request.query.source, bytes);
      return reply.code(202).send({ success: true as const, data: presentHistoryImport(started) });
    },
  });

  app.route({
    ...declared(app, historyApi.importStatus),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'One of the caller’s history imports: how many listens it processed and matched',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(historyApi.importStatus, importAnswer),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: presentHistoryImport(await imports.find(callerOf(request).userId, request.params.id)),
    }),
  });

  app.route({
    ...declared(app, historyApi.resumeImport),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Carry on with a history import that stopped before its end',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(historyApi.resumeImport, importAnswer),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: presentHistoryImport(await imports.resume(callerOf(request).userId, request.params.id)),
    }),
  });

  app.route({
    ...declared(app, historyApi.unmatched),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Brought-along listens no song matched, newest first, a page at a time',
      querystring: pageQuerySchema,
      response: {
        200: declaredAnswer(historyApi.unmatched, unmatchedListenPageSchema),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const page = await history.unmatched(callerOf(request).userId, request.query);
      return {
        success: true as const,
        data: page.items.map(presentUnmatchedListen),
        nextCursor: page.nextCursor,
      };
    },
  });

  app.route({
    ...declared(app, historyApi.matchListen),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Say which song an unmatched listen was of: it becomes a play at its own time',
      params: idParamsSchema,
      body: matchListenBodySchema,
      response: {
        200: declaredAnswer(historyApi.matchListen, messageResponseSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      await history.match(callerOf(request).userId, request.params.id, request.body.songId);
      return { success: true as const, message: 'Listen matched.' };
    },
  });

  app.route({
    ...declared(app, historyApi.dismissListen),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Let an unmatched listen go: it leaves the list and never becomes a play',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(historyApi.dismissListen, messageResponseSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      await history.dismiss(callerOf(request).userId, request.params.id);
      return { success: true as const, message: 'Listen dismissed.' };
    },
  });
};
