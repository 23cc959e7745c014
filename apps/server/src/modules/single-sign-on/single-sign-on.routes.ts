import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionResponseSchema } from '@cadenza/contract/auth';
import { secondFactorChallengeSchema } from '@cadenza/contract/second-factor';
import { text } from '@cadenza/contract/validation';
import type { Config } from '../../config';
import { NotFound } from '../../errors';
import { rateLimitHook } from '../../plugins/rate-limit';
import type { RateLimits } from '../../rate-limits';
import { errorResponses } from '../../schemas';
import { presentLoginOutcome, presentSession } from '../auth/auth.presenter';
import { signInDeviceOf } from '../auth/sign-in-device';
import { readCookie, writeCookie } from './sign-in-cookies';
import { HANDOFF_SECONDS, STATE_SECONDS, type SingleSignOnService } from './single-sign-on.service';
import { trustedPeer } from '../../plugins/trusted-proxy';
import { singleSignOnApi } from '@cadenza/contract/routes/auth';
import { declared, declaredAnswer } from '../../declared-routes';

export interface SingleSignOnRoutesOptions {
  readonly signOn: SingleSignOnService;
  readonly config: Config;
  readonly limits: RateLimits;
}

const STATE_COOKIE = 'cadenza_oidc_state';
const HANDOFF_COOKIE = 'cadenza_oidc_session';

const callbackQuerySchema = z.object({
  code: text('code').max(4096).optional(),
  state: text('state').max(4096).optional(),
  error: text('error').max(256).optional(),
});

/** Sign-in through an OpenID provider and from a trusted proxy's header, under /api/auth. */
export const singleSignOnRoutes: FastifyPluginAsyncZod<SingleSignOnRoutesOptions> = async (
  app,
  { signOn, config, limits },
) => {
  const cookie = { secure: config.publicUrl.startsWith('https:') };
  const loginPage = `${config.publicUrl}/login`;
  const perAddress = rateLimitHook(app, 'sign-in-elsewhere', limits.loginPerIp);
  const fromTrustedProxy = trustedPeer(config.trustProxy);

  app.route({
    ...declared(app, singleSignOnApi.oidcStart),
    preHandler: [perAddress],
    schema: {
      tags: ['auth'],
      summary: 'Leave for the OpenID provider to sign in',
      querystring: z.object({ remember: z.enum(['true', 'false']).optional() }),
      response: {
        302: z.void().describe("To the provider's authorization endpoint"),
        ...errorResponses(404, 429),
      },
    },
    handler: async (request, reply) => {
      let started: Awaited<ReturnType<SingleSignOnService['startOidc']>>;
      try {
        started = await signOn.startOidc(request.query.remember === 'true');
      } catch (error) {
        if (error instanceof NotFound) throw error;
        request.log.warn({ err: error }, 'the OpenID provider could not be reached');
        return reply.redirect(`${loginPage}?sso_error=sign_in_failed`, 302);
      }
      writeCookie(reply, STATE_COOKIE, started.stateCookie, {
        ...cookie,
        maxAgeSeconds: STATE_SECONDS,
      });
      return reply.header('cache-control', 'no-store').redirect(started.url, 302);
    },
  });

  app.get(
    '/oidc/callback',
    {
      preHandler: [perAddress],
      schema: {
        tags: ['auth'],
        summary: 'Where the OpenID provider sends the browser back; on to the login page',
        querystring: callbackQuerySchema,
        response: {
          302: z.void().describe('To the login page, which picks up the session'),
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const outcome = await signOn.finishOidc(request.query, readCookie(request, STATE_COOKIE));
      writeCookie(reply, STATE_COOKIE, null, { ...cookie, maxAgeSeconds: 0 });
      reply.header('cache-control', 'no-store');
      if ('failure' in outcome) {
        return reply.redirect(`${loginPage}?sso_error=${outcome.failure}`, 302);
      }
      writeCookie(reply, HANDOFF_COOKIE, outcome.handoffCookie, {
        ...cookie,
        maxAgeSeconds: HANDOFF_SECONDS,
      });
      return reply.redirect(`${loginPage}?sso=oidc`, 302);
    },
  );

  app.route({
    ...declared(app, singleSignOnApi.oidcSession),
    preHandler: [perAddress],
    schema: {
      tags: ['auth'],
      summary:
        'Pick up the session of a completed OpenID Connect sign-in (once); an account with a ' +
        'second factor gets the challenge its code answers',
      response: {
        200: declaredAnswer(
          singleSignOnApi.oidcSession,
          z.union([sessionResponseSchema, secondFactorChallengeSchema]),
        ),
        ...errorResponses(401, 429),
      },
    },
    handler: async (request, reply) => {
      const outcome = await signOn.redeemHandoff(
        readCookie(request, HANDOFF_COOKIE),
        signInDeviceOf(request),
      );
      writeCookie(reply, HANDOFF_COOKIE, null, { ...cookie, maxAgeSeconds: 0 });
      return presentLoginOutcome(outcome);
    },
  });

  app.route({
    ...declared(app, singleSignOnApi.proxySession),
    preHandler: [perAddress],
    schema: {
      tags: ['auth'],
      summary: "Sign in as the user a trusted reverse proxy's header names (AUTH_PROXY_HEADER)",
      querystring: z.object({ remember: z.enum(['true', 'false']).optional() }),
      response: {
        200: declaredAnswer(singleSignOnApi.proxySession, sessionResponseSchema),
        ...errorResponses(400, 401, 403, 404, 429),
      },
    },
    handler: async (request) => {
      const header = config.authProxyHeader;
      if (!header) {
        throw new NotFound('Sign-in through a proxy is not set up.', 'sign_in_not_configured');
      }
      // From anyone but a trusted proxy, the header is treated as absent.
      const value = fromTrustedProxy(request) ? request.headers[header] : undefined;
      const email = typeof value === 'string' ? value : null;
      const session = await signOn.proxySignIn(
        email,
        request.query.remember === 'true',
        signInDeviceOf(request),
      );
      return { success: true as const, ...presentSession(session) };
    },
  });
};
