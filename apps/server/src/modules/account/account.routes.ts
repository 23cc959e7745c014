import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages,
  accountSessionParamsSchema,
  accountSessionSchema,
  changeEmailBodySchema,
  changeNameBodySchema,
  changePasswordBodySchema,
  confirmEmailBodySchema,
  reauthenticateBodySchema,
  renewedSessionResponseSchema,
} from '@cadenza/contract/account';
import { userSchema } from '@cadenza/contract/auth';
import { messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { callerOf } from '../../plugins/auth';
import { rateLimitHook } from '../../plugins/rate-limit';
import type { RateLimits } from '../../rate-limits';
import { errorResponses } from '../../schemas';
import { signInDeviceOf } from '../auth/sign-in-device';
import { presentUser } from '../users/users.presenter';
import { presentAccountSession } from './account.presenter';
import type { AccountService } from './account.service';
import { accountApi } from '@cadenza/contract/routes/account';
import { declared, declaredAnswer } from '../../declared-routes';

export interface AccountRoutesOptions {
  readonly account: AccountService;
  readonly limits: RateLimits;
}

/** The signed-in listener's own account, under /api/user/account. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { account, limits },
) => {
  const common = { tags: ['account'], security: [{ bearerAuth: [] }] };
  // Password guesses count per account, wherever they come from.
  const passwordChecks = rateLimitHook(
    app,
    'account-password',
    limits.accountPassword,
    (request) => callerOf(request).userId,
  );

  app.route({
    ...declared(app, accountApi.changeName),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "Change the caller's name",
      body: changeNameBodySchema,
      response: {
        200: declaredAnswer(accountApi.changeName, successResponse(userSchema)),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: presentUser(await account.rename(callerOf(request).userId, request.body.name)),
    }),
  });

  app.route({
    ...declared(app, accountApi.changeEmail),
    onRequest: [app.requireUser],
    preHandler: [passwordChecks],
    schema: {
      ...common,
      summary: 'Ask to change the e-mail: a link confirms it from the new address',
      body: changeEmailBodySchema,
      response: {
        200: declaredAnswer(accountApi.changeEmail, messageResponseSchema),
        ...errorResponses(400, 401, 404, 409, 429),
      },
    },
    handler: async (request) => {
      await account.requestEmailChange(callerOf(request), request.body);
      return { success: true as const, message: accountMessages.emailChangeSent };
    },
  });

  app.route({
    ...declared(app, accountApi.confirmEmail),
    preHandler: [rateLimitHook(app, 'confirm-email', limits.confirmEmail)],
    schema: {
      tags: ['account'],
      summary: 'Confirm a change of e-mail with the link sent to the new address',
      body: confirmEmailBodySchema,
      response: {
        200: declaredAnswer(accountApi.confirmEmail, messageResponseSchema),
        ...errorResponses(400, 409, 429),
      },
    },
    handler: async (request) => {
      await account.confirmEmailChange(request.body.token);
      return { success: true as const, message: accountMessages.emailChanged };
    },
  });

  app.route({
    ...declared(app, accountApi.changePassword),
    onRequest: [app.requireUser],
    preHandler: [passwordChecks],
    schema: {
      ...common,
      summary: 'Change the password: other sessions end, and app keys are revoked unless kept',
      body: changePasswordBodySchema,
      response: {
        200: declaredAnswer(accountApi.changePassword, renewedSessionResponseSchema),
        ...errorResponses(400, 401, 404, 429),
      },
    },
    handler: async (request) => {
      const session = await account.changePassword(callerOf(request), request.body);
      return {
        success: true as const,
        message: accountMessages.passwordChanged,
        token: session.token,
        user: presentUser(session.user),
      };
    },
  });

  app.route({
    ...declared(app, accountApi.reauthenticate),
    onRequest: [app.requireUser],
    preHandler: [passwordChecks],
    schema: {
      ...common,
      summary: 'Prove the password again in this session before a sensitive change',
      body: reauthenticateBodySchema,
      response: {
        200: declaredAnswer(accountApi.reauthenticate, messageResponseSchema),
        ...errorResponses(400, 401, 404, 429),
      },
    },
    handler: async (request) => {
      await account.reauthenticate(
        callerOf(request),
        request.body.password,
        signInDeviceOf(request),
      );
      return { success: true as const, message: accountMessages.reauthenticated };
    },
  });

  app.route({
    ...declared(app, accountApi.sessions),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: "The caller's signed-in sessions, last seen first",
      response: {
        200: declaredAnswer(accountApi.sessions, successResponse(z.array(accountSessionSchema))),
        ...errorResponses(401),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: (await account.sessions(callerOf(request))).map(presentAccountSession),
    }),
  });

  app.route({
    ...declared(app, accountApi.signOutSession),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Sign out one of the caller’s sessions, on every server node at once',
      params: accountSessionParamsSchema,
      response: {
        200: declaredAnswer(accountApi.signOutSession, messageResponseSchema),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (request) => {
      await account.signOut(callerOf(request), request.params.id);
      return { success: true as const, message: accountMessages.sessionSignedOut };
    },
  });

  app.route({
    ...declared(app, accountApi.signOutOthers),
    onRequest: [app.requireUser],
    schema: {
      ...common,
      summary: 'Sign out every other session; this one goes on with the token answered',
      response: {
        200: declaredAnswer(accountApi.signOutOthers, renewedSessionResponseSchema),
        ...errorResponses(401, 404),
      },
    },
    handler: async (request) => {
      const session = await account.signOutOthers(callerOf(request));
      return {
        success: true as const,
        message: accountMessages.otherSessionsSignedOut,
        token: session.token,
        user: presentUser(session.user),
      };
    },
  });
};
