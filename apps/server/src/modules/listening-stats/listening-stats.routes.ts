import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import {
  listeningStatsSchema,
  listeningYearsSchema,
  onThisDaySchema,
  statsQuerySchema,
  statsQueueQuerySchema,
  statsQueueSchema,
  timeZoneBodySchema,
  timeZoneSettingSchema,
  yearInMusicSchema,
  yearParamsSchema,
} from '@cadenza/contract/listening-stats';
import { listeningStatsApi } from '@cadenza/contract/routes/listening-stats';
import { declared, declaredAnswer } from '../../declared-routes';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../schemas';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import {
  presentListeningStats,
  presentOnThisDay,
  presentYearInMusic,
} from './listening-stats.presenter';
import type { ListeningStatsService } from './listening-stats.service';

export interface ListeningStatsRoutesOptions {
  readonly stats: ListeningStatsService;
  readonly urls: MediaUrls;
}

/** The caller's statistics, years in music, "On this day" and time zone, under /api/user. */
export const listeningStatsRoutes: FastifyPluginAsyncZod<ListeningStatsRoutesOptions> = async (
  app,
  { stats, urls },
) => {
  const common = { tags: ['listening statistics'], security: [{ bearerAuth: [] }] };

  app.route({
    ...declared(app, listeningStatsApi.stats),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "The caller's listening in the week, month or year holding a day, or all time",
      querystring: statsQuerySchema,
      response: {
        200: declaredAnswer(listeningStatsApi.stats, successResponse(listeningStatsSchema)),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const { period, at } = request.query;
      const found = await stats.stats(callerOf(request).userId, period, at);
      return { success: true as const, data: presentListeningStats(found, urlsFor(urls, request)) };
    },
  });

  app.route({
    ...declared(app, listeningStatsApi.queue),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "The songs of one of a period's lists, in the order to play them",
      querystring: statsQueueQuerySchema,
      response: {
        200: declaredAnswer(listeningStatsApi.queue, successResponse(statsQueueSchema)),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const { period, at, list } = request.query;
      const songs = await stats.queue(callerOf(request).userId, period, list, at);
      const shown = urlsFor(urls, request);
      return {
        success: true as const,
        data: { songs: songs.map((song) => presentSong(song, shown)) },
      };
    },
  });

  app.route({
    ...declared(app, listeningStatsApi.years),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'The years the caller has plays in, newest first',
      response: {
        200: declaredAnswer(listeningStatsApi.years, successResponse(listeningYearsSchema)),
        ...errorResponses(401),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: { years: await stats.years(callerOf(request).userId) },
    }),
  });

  app.route({
    ...declared(app, listeningStatsApi.year),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "A year of the caller's listening, told as a recap",
      params: yearParamsSchema,
      response: {
        200: declaredAnswer(listeningStatsApi.year, successResponse(yearInMusicSchema)),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => {
      const year = await stats.year(callerOf(request).userId, request.params.year);
      return { success: true as const, data: presentYearInMusic(year, urlsFor(urls, request)) };
    },
  });

  app.route({
    ...declared(app, listeningStatsApi.onThisDay),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Songs the caller played on this date in earlier years, and albums released on it',
      response: {
        200: declaredAnswer(listeningStatsApi.onThisDay, successResponse(onThisDaySchema)),
        ...errorResponses(401),
      },
    },
    handler: async (request) => {
      const day = await stats.onThisDay(callerOf(request).userId);
      return { success: true as const, data: presentOnThisDay(day, urlsFor(urls, request)) };
    },
  });

  app.route({
    ...declared(app, listeningStatsApi.timeZone),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "The time zone that decides the days of the caller's statistics",
      response: {
        200: declaredAnswer(listeningStatsApi.timeZone, successResponse(timeZoneSettingSchema)),
        ...errorResponses(401),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await stats.timeZone(callerOf(request).userId),
    }),
  });

  app.route({
    ...declared(app, listeningStatsApi.setTimeZone),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "Set the caller's time zone; their statistics are counted again in it",
      body: timeZoneBodySchema,
      response: {
        200: declaredAnswer(listeningStatsApi.setTimeZone, successResponse(timeZoneSettingSchema)),
        ...errorResponses(400, 401),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await stats.setTimeZone(callerOf(request).userId, request.body.timeZone),
    }),
  });
};
