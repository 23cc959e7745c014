import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  type LoginBody,
  registerBodySchema,
  resetPasswordBodySchema,
  resetPasswordParamsSchema,
  sessionResponseSchema,
} from '@cadenza/contract/auth';
import { initialPasswordBodySchema } from '@cadenza/contract/accounts';
import { messageResponseSchema } from '@cadenza/contract/envelope';
import {
  secondFactorChallengeSchema,
  secondFactorLoginBodySchema,
  type SecondFactorLoginBody,
} from '@cadenza/contract/second-factor';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import { clientKey } from '../../plugins/client-address';
import { overLimit, rateLimitHook, type RateLimitHookFactory } from '../../plugins/rate-limit';
import type { RateLimits } from '../../rate-limits';
import { errorResponses } from '../../schemas';
import { presentLoginOutcome, presentSession } from './auth.presenter';
import { FORGOT_PASSWORD_ANSWER, type AuthService } from './auth.service';
import type { LoginLimits } from './login-limits.service';
import { signInDeviceOf } from './sign-in-device';
import { authApi } from '@cadenza/contract/routes/auth';
import { declared, declaredAnswer } from '../../declared-routes';

export interface AuthRoutesOptions {
  readonly auth: AuthService;
  readonly limits: RateLimits;
  readonly loginLimits: LoginLimits;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, limits, loginLimits },
) => {
  const limit: RateLimitHookFactory = (name, rule, key) => rateLimitHook(app, name, rule, key);
  // Login attempts are counted durably (see LoginLimits), the other actions where the rest are.
  const loginLimit: RateLimitHookFactory =
    (name, rule, key = (request) => clientKey(request.ip)) =>
    async (request, reply) => {
      const wait = await loginLimits.count(name, rule, key(request));
      if (wait !== null) throw overLimit(reply, wait);
    };

  app.route({
    ...declared(app, authApi.register),
    preHandler: [limit('register', limits.register)],
    schema: {
      tags: ['auth'],
      summary:
        'Create an account and log in (with an invitation while sign-up is by invitation only)',
      body: registerBodySchema,
      response: {
        201: declaredAnswer(authApi.register, sessionResponseSchema),
        ...errorResponses(400, 403, 409, 429),
      },
    },
    handler: async (request, reply) => {
      const session = await auth.register(request.body, signInDeviceOf(request));
      return reply.status(201).send({ success: true, ...presentSession(session) });
    },
  });

  app.route({
    ...declared(app, authApi.login),
    preHandler: [
      loginLimit('login-ip', limits.loginPerIp),
      // Per account and address (the body is validated by now): guesses from elsewhere never
      // lock the owner out.
      loginLimit(
        'login-account',
        limits.loginPerAccount,
        (request) =>
          `${(request.body as LoginBody).email.toLowerCase()} from ${clientKey(request.ip)}`,
      ),
    ],
    schema: {
      tags: ['auth'],
      summary: 'Log in with e-mail and password (an account with a second factor gets a challenge)',
      body: loginBodySchema,
      response: {
        200: declaredAnswer(
          authApi.login,
          z.union([sessionResponseSchema, secondFactorChallengeSchema]),
        ),
        ...errorResponses(400, 401, 403, 429),
      },
    },
    handler: async (request) => {
      const outcome = await auth.login(request.body, signInDeviceOf(request));
      return presentLoginOutcome(outcome);
    },
  });

  app.route({
    ...declared(app, authApi.secondFactorLogin),
    preHandler: [
      limit('second-factor-ip', limits.loginPerIp),
      // Per account, wherever the codes come from: a stolen password does not buy a million
      // guesses from a million addresses.
      limit(
        'second-factor',
        limits.secondFactor,
        (request) =>
          auth.challengedUser((request.body as SecondFactorLoginBody).challenge) ??
          `unsigned from ${clientKey(request.ip)}`,
      ),
    ],
    schema: {
      tags: ['auth'],
      summary: 'Finish logging in with the code of an authenticator app or a recovery code',
      body: secondFactorLoginBodySchema,
      response: {
        200: declaredAnswer(authApi.secondFactorLogin, sessionResponseSchema),
        ...errorResponses(400, 401, 403, 429),
      },
    },
    handler: async (request) => ({
      success: true as const,
      ...presentSession(
        await auth.completeSecondFactor(
          request.body.challenge,
          request.body.code,
          signInDeviceOf(request),
        ),
      ),
    }),
  });

  app.route({
    ...declared(app, authApi.initialPassword),
    onRequest: [app.requireSession],
    schema: {
      tags: ['auth'],
      summary:
        'Replace the temporary password an administrator set; other sessions end, a new one starts',
      security: [{ bearerAuth: [] }],
      body: initialPasswordBodySchema,
      response: {
        200: declaredAnswer(authApi.initialPassword, sessionResponseSchema),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request) => ({
      success: true as const,
      ...presentSession(
        await auth.setInitialPassword(
          callerOf(request),
          request.body.password,
          signInDeviceOf(request),
        ),
      ),
    }),
  });

  app.route({
    ...declared(app, authApi.logout),
    onRequest: [app.requireSession],
    schema: {
      tags: ['auth'],
      summary: "End the caller's session (other devices stay logged in)",
      security: [{ bearerAuth: [] }],
      response: {
        200: declaredAnswer(authApi.logout, messageResponseSchema),
        ...errorResponses(401),
      },
    },
    handler: async (request) => {
      await auth.logout(callerOf(request));
      return { success: true as const, message: 'You have been logged out.' };
    },
  });

  app.route({
    ...declared(app, authApi.forgotPassword),
    preHandler: [limit('forgot-password', limits.forgotPassword)],
    schema: {
      tags: ['auth'],
      summary: 'Send a password reset link',
      body: forgotPasswordBodySchema,
      response: {
        200: declaredAnswer(authApi.forgotPassword, messageResponseSchema),
        ...errorResponses(400, 429),
      },
    },
    handler: async (request) => {
      auth.forgotPassword(request.body.email);
      return { success: true as const, message: FORGOT_PASSWORD_ANSWER };
    },
  });

  app.route({
    ...declared(app, authApi.resetPassword),
    preHandler: [limit('reset-password', limits.resetPassword)],
    schema: {
      tags: ['auth'],
      summary: 'Choose a new password with a reset link',
      params: resetPasswordParamsSchema,
      body: resetPasswordBodySchema,
      response: {
        200: declaredAnswer(authApi.resetPassword, sessionResponseSchema),
        ...errorResponses(400, 429),
      },
    },
    handler: async (request) => ({
      success: true as const,
      ...presentSession(
        await auth.resetPassword(
          request.params.resetToken,
          request.body.password,
          signInDeviceOf(request),
        ),
      ),
    }),
  });
};
