import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { scrobblingApi } from '@cadenza/contract/routes/scrobbling';
import {
  connectListenBrainzBodySchema,
  lastFmAuthorizationSchema,
  listenAnswerSchema,
  listenBodySchema,
  scrobblingStatusSchema,
} from '@cadenza/contract/scrobbling';
import { declared, declaredAnswer } from '../../declared-routes';
import { callerOf } from '../../plugins/auth';
import { rateLimitHook } from '../../plugins/rate-limit';
import type { RateLimit } from '../../rate-limits';
import { errorResponses } from '../../schemas';
import type { ScrobblingService } from './scrobbling.service';

export interface ScrobblingRoutesOptions {
  readonly scrobbling: ScrobblingService;
  /** Attempts to connect a service, per account. */
  readonly connectLimit: RateLimit;
}

/** The listener's links to ListenBrainz and Last.fm, and the web player's listens. */
export const scrobblingRoutes: FastifyPluginAsyncZod<ScrobblingRoutesOptions> = async (
  app,
  { scrobbling, connectLimit },
) => {
  const common = { tags: ['scrobbling'], security: [{ bearerAuth: [] }] };
  const status = successResponse(scrobblingStatusSchema);
  const connectAttempts = rateLimitHook(
    app,
    'scrobbling-connect',
    connectLimit,
    (request) => callerOf(request).userId,
  );

  app.route({
    ...declared(app, scrobblingApi.status),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "The caller's links to ListenBrainz and Last.fm, and the listens waiting for each",
      response: { 200: declaredAnswer(scrobblingApi.status, status), ...errorResponses(401) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await scrobbling.status(callerOf(request).userId),
    }),
  });

  app.route({
    ...declared(app, scrobblingApi.connectListenBrainz),
    onRequest: [app.requireUser],
    preHandler: [connectAttempts],
    schema: {
      ...common,
      summary: 'Link ListenBrainz with a user token, once ListenBrainz accepts it',
      body: connectListenBrainzBodySchema,
      response: {
        200: declaredAnswer(scrobblingApi.connectListenBrainz, status),
        ...errorResponses(400, 401, 429, 502),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await scrobbling.connectListenBrainz(callerOf(request).userId, request.body.token),
    }),
  });

  app.route({
    ...declared(app, scrobblingApi.disconnectListenBrainz),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Unlink ListenBrainz; the listens waiting for it are dropped',
      response: {
        200: declaredAnswer(scrobblingApi.disconnectListenBrainz, status),
        ...errorResponses(401),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await scrobbling.disconnect(callerOf(request).userId, 'listenbrainz'),
    }),
  });

  app.route({
    ...declared(app, scrobblingApi.startLastFm),
    onRequest: [app.requireUser],
    preHandler: [connectAttempts],
    schema: {
      ...common,
      summary: "Start linking Last.fm: the page of Last.fm's where the caller allows Cadenza",
      response: {
        200: declaredAnswer(scrobblingApi.startLastFm, successResponse(lastFmAuthorizationSchema)),
        ...errorResponses(401, 409, 429, 502),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await scrobbling.startLastFm(callerOf(request).userId),
    }),
  });

  app.route({
    ...declared(app, scrobblingApi.finishLastFm),
    onRequest: [app.requireUser],
    preHandler: [connectAttempts],
    schema: {
      ...common,
      summary: 'Finish linking Last.fm once the caller allowed Cadenza there',
      response: {
        200: declaredAnswer(scrobblingApi.finishLastFm, status),
        ...errorResponses(401, 409, 429, 502),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await scrobbling.finishLastFm(callerOf(request).userId),
    }),
  });

  app.route({
    ...declared(app, scrobblingApi.disconnectLastFm),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Unlink Last.fm; the listens waiting for it are dropped',
      response: {
        200: declaredAnswer(scrobblingApi.disconnectLastFm, status),
        ...errorResponses(401),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await scrobbling.disconnect(callerOf(request).userId, 'lastfm'),
    }),
  });

  app.route({
    ...declared(app, scrobblingApi.listen),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary:
        'The web player heard a song long enough (half of it, or 4 minutes): queue it for ' +
        'ListenBrainz and Last.fm',
      body: listenBodySchema,
      response: {
        200: declaredAnswer(scrobblingApi.listen, successResponse(listenAnswerSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await scrobbling.listen(callerOf(request).userId, request.body),
    }),
  });
};
