import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import {
  recoveryCodesSchema,
  secondFactorConfirmBodySchema,
  secondFactorDisableBodySchema,
  secondFactorSetupSchema,
  secondFactorStatusSchema,
} from '@cadenza/contract/second-factor';
import { callerOf } from '../../plugins/auth';
import { rateLimitHook } from '../../plugins/rate-limit';
import type { RateLimit } from '../../rate-limits';
import { errorResponses } from '../../schemas';
import type { SecondFactorService } from './second-factor.service';
import { secondFactorApi } from '@cadenza/contract/routes/account';
import { declared, declaredAnswer } from '../../declared-routes';

export interface SecondFactorRoutesOptions {
  readonly secondFactor: SecondFactorService;
  readonly limit: RateLimit;
}

/** The caller's two-factor sign-in, under /api/user/two-factor. */
export const secondFactorRoutes: FastifyPluginAsyncZod<SecondFactorRoutesOptions> = async (
  app,
  { secondFactor, limit },
) => {
  const common = { tags: ['user'], security: [{ bearerAuth: [] }] };
  // Code guesses in the settings are limited per account, as at sign-in.
  const codeLimit = rateLimitHook(
    app,
    'second-factor',
    limit,
    (request) => callerOf(request).userId,
  );

  app.route({
    ...declared(app, secondFactorApi.status),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
      response: {
        200: declaredAnswer(secondFactorApi.status, successResponse(secondFactorStatusSchema)),
        ...errorResponses(401, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await secondFactor.status(callerOf(request).userId),
    }),
  });

  app.route({
    ...declared(app, secondFactorApi.setup),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Start setting up two-factor sign-in: a new secret for an authenticator app',
      response: {
        200: declaredAnswer(secondFactorApi.setup, successResponse(secondFactorSetupSchema)),
        ...errorResponses(401, 404, 409),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await secondFactor.begin(callerOf(request).userId),
    }),
  });

  app.route({
    ...declared(app, secondFactorApi.confirm),
    onRequest: [app.requireUser],
    preHandler: [codeLimit],
    schema: {
      ...common,
      summary: 'Turn two-factor sign-in on with a first code; the recovery codes are shown once',
      body: secondFactorConfirmBodySchema,
      response: {
        200: declaredAnswer(secondFactorApi.confirm, successResponse(recoveryCodesSchema)),
        ...errorResponses(400, 401, 409, 429),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: {
        recoveryCodes: await secondFactor.confirm(callerOf(request).userId, request.body.code),
      },
    }),
  });

  app.route({
    ...declared(app, secondFactorApi.disable),
    onRequest: [app.requireUser],
    preHandler: [codeLimit],
    schema: {
      ...common,
      summary: 'Turn two-factor sign-in off (password and a current or recovery code)',
      body: secondFactorDisableBodySchema,
      response: {
        200: declaredAnswer(secondFactorApi.disable, messageResponseSchema),
        ...errorResponses(400, 401, 429),
      },
    },
    handler: async (request) => {
      const { password, code } = request.body;
      await secondFactor.disable(callerOf(request).userId, password, code);
      return { success: true as const, message: 'Two-factor sign-in is off.' };
    },
  });
};
