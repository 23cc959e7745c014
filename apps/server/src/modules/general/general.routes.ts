import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { publicConfigSchema, type PublicConfig } from '@cadenza/contract/public-config';
import type { Config } from '../../config';

export function publicConfig(config: Config): PublicConfig {
  return {
    productName: 'Cadenza',
    supportEmail: config.supportEmail,
    supportPhone: config.supportPhone ?? null,
    supportAddress: config.supportAddress ?? null,
    earlyAccessEnd: config.earlyAccessEnd,
    seedUsersEnabled: config.enableSeedUsers,
    passwordMinLength: config.passwordMinLength,
    signIn: {
      oidc: config.oidc ? { buttonText: config.oidc.buttonText } : null,
      proxy: config.authProxyHeader !== undefined,
    },
  };
}

export const generalRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const answer = { success: true as const, data: publicConfig(config) };
  app.get(
    '/config',
    {
      schema: {
        tags: ['general'],
        summary:
          'What the web app may show: product name, support contacts, early access, features',
        response: { 200: successResponse(publicConfigSchema) },
      },
    },
    async () => answer,
  );
};
