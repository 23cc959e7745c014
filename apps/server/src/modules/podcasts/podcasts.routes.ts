import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import {
  episodeProgressBodySchema,
  podcastMessages,
  podcastPageSchema,
  podcastSchema,
  subscribeBodySchema,
  updatePodcastBodySchema,
} from '@cadenza/contract/podcasts';
import { podcastsApi } from '@cadenza/contract/routes/podcasts';
import { z } from 'zod';
import { declared, declaredAnswer } from '../../declared-routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { presentPodcast, presentPodcastPage } from './podcasts.presenter';
import type { PodcastsService } from './podcasts.service';

export interface PodcastsRoutesOptions {
  readonly podcasts: PodcastsService;
  readonly urls: MediaUrls;
}

/** Podcasts: listed and played by listeners, subscribed to and managed by administrators. */
export const podcastsRoutes: FastifyPluginAsyncZod<PodcastsRoutesOptions> = async (
  app,
  { podcasts, urls },
) => {
  const security = [{ bearerAuth: [] }];
  const m = podcastMessages;

  app.route({
    ...declared(app, podcastsApi.list),
    onRequest: [app.requireUser],
    schema: {
      tags: ['podcasts'],
      security,
      summary: 'Every podcast subscribed to, by title',
      response: {
        200: declaredAnswer(podcastsApi.list, successResponse(z.array(podcastSchema))),
        ...errorResponses(401),
      },
    },
    handler: async () => ({
      success: true as const,
      data: (await podcasts.list()).map((podcast) => presentPodcast(podcast, urls)),
    }),
  });

  app.route({
    ...declared(app, podcastsApi.get),
    onRequest: [app.requireUser],
    schema: {
      tags: ['podcasts'],
      security,
      summary: "A podcast with its newest 500 episodes and the caller's place in each",
      params: idParamsSchema,
      response: {
        200: declaredAnswer(podcastsApi.get, successResponse(podcastPageSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      const page = await podcasts.page(request.params.id, callerOf(request).userId);
      return {
        success: true as const,
        data: presentPodcastPage(page, urlsFor(urls, request), Date.now()),
      };
    },
  });

  app.route({
    ...declared(app, podcastsApi.saveProgress),
    onRequest: [app.requireUser],
    schema: {
      tags: ['podcasts'],
      security,
      summary: "Keeps the caller's place in an episode",
      params: idParamsSchema,
      body: episodeProgressBodySchema,
      response: {
        200: declaredAnswer(podcastsApi.saveProgress, messageResponseSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      await podcasts.saveProgress(
        callerOf(request).userId,
        request.params.id,
        request.body.positionSeconds,
      );
      return { success: true as const, message: m.progressSaved };
    },
  });

  app.route({
    ...declared(app, podcastsApi.subscribe),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security,
      summary:
        'Subscribes to a podcast feed, read at once (refused with the reason when unreadable)',
      body: subscribeBodySchema,
      response: {
        201: declaredAnswer(podcastsApi.subscribe, successResponse(podcastSchema)),
        ...errorResponses(400, 401, 403, 409),
      },
    },
    handler: async (request, reply) => {
      const podcast = await podcasts.subscribe(request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: presentPodcast(podcast, urls) });
    },
  });

  app.route({
    ...declared(app, podcastsApi.update),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security,
      summary: 'Changes how many of the newest episodes a podcast downloads by itself',
      params: idParamsSchema,
      body: updatePodcastBodySchema,
      response: {
        200: declaredAnswer(podcastsApi.update, successResponse(podcastSchema)),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: presentPodcast(
        await podcasts.setAutoDownload(request.params.id, request.body.autoDownload),
        urls,
      ),
    }),
  });

  app.route({
    ...declared(app, podcastsApi.remove),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security,
      summary: 'Unsubscribes: the podcast, its episodes and their files are deleted',
      params: idParamsSchema,
      response: {
        200: declaredAnswer(podcastsApi.remove, messageResponseSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => {
      await podcasts.remove(request.params.id);
      return { success: true as const, message: m.deleted };
    },
  });

  app.route({
    ...declared(app, podcastsApi.refresh),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security,
      summary: 'Reads every feed again now, in the background',
      response: {
        202: declaredAnswer(podcastsApi.refresh, messageResponseSchema),
        ...errorResponses(401, 403),
      },
    },
    handler: async (_request, reply) => {
      podcasts.startRefresh();
      return reply.status(202).send({ success: true as const, message: m.refreshStarted });
    },
  });

  app.route({
    ...declared(app, podcastsApi.download),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security,
      summary: "Downloads an episode's file into the store, in the background",
      params: idParamsSchema,
      response: {
        202: declaredAnswer(podcastsApi.download, messageResponseSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request, reply) => {
      await podcasts.download(request.params.id);
      return reply.status(202).send({ success: true as const, message: m.downloadStarted });
    },
  });

  app.route({
    ...declared(app, podcastsApi.deleteFile),
    onRequest: [app.requireAdmin],
    schema: {
      tags: ['admin'],
      security,
      summary: "Deletes an episode's downloaded file; the episode stays listed",
      params: idParamsSchema,
      response: {
        200: declaredAnswer(podcastsApi.deleteFile, messageResponseSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => {
      await podcasts.deleteFile(request.params.id);
      return { success: true as const, message: m.fileDeleted };
    },
  });
};
