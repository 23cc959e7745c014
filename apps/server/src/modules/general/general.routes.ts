import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponse } from '@cadenza/contract/envelope';
import { publicConfigSchema, type PublicConfig } from '@cadenza/contract/public-config';
import type { RegistrationMode } from '@cadenza/contract/site-settings';
import type { Config } from '../../config';
import type { SiteSettingsService } from '../settings/site-settings.service';
import { generalApi } from '@cadenza/contract/routes/general';
import { declared, declaredAnswer } from '../../declared-routes';

export function publicConfig(
  config: Config,
  registration: RegistrationMode,
  transcoding: boolean,
): PublicConfig {
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
    registration,
    siteMode: config.siteMode,
    transcoding,
  };
}

export interface GeneralRoutesOptions {
  readonly config: Config;
  readonly settings: SiteSettingsService;
  /** ffmpeg was found: streams can be transcoded. */
  readonly transcoding: boolean;
}

export const generalRoutes: FastifyPluginAsyncZod<GeneralRoutesOptions> = async (
  app,
  { config, settings, transcoding },
) => {
  app.route({
    ...declared(app, generalApi.config),
    schema: {
      tags: ['general'],
      summary:
        'What the web app may show: product name, support contacts, early access, features, ' +
        'who may sign up, whether the site is private',
      response: { 200: declaredAnswer(generalApi.config, successResponse(publicConfigSchema)) },
    },
    handler: async () => ({
      success: true as const,
      data: publicConfig(config, await settings.get('registration'), transcoding),
    }),
  });
};
