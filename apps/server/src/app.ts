import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_LYRICS_BYTES } from '@cadenza/contract/lyrics';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { composeServices, type Services } from './composition';
import { joinNodeBroadcasts } from './node-broadcasts';
import { findFfmpeg } from './modules/transcoding/ffmpeg-probe';
import type { Container } from './container';
import type { RegisterModule } from './module';
import { registerAccountModule } from './modules/account/account.module';
import { registerApiKeysModule } from './modules/api-keys/api-keys.module';
import { registerAuthModule } from './modules/auth/auth.module';
import { registerCatalogueModule } from './modules/catalogue/catalogue.module';
import { registerChatModule } from './modules/chat/chat.module';
import { registerGeneralModule } from './modules/general/general.module';
import { registerGenresModule } from './modules/genres/genres.module';
import { registerListeningStatsModule } from './modules/listening-stats/listening-stats.module';
import { registerRadioModule } from './modules/radio/radio.module';
import { registerHealthModule } from './modules/health/health.module';
import { registerInvitationsModule } from './modules/invitations/invitations.module';
import { registerLibraryModule } from './modules/library/library.module';
import { registerDeliveryModule } from './modules/delivery/delivery.module';
import { registerPlaylistsModule } from './modules/playlists/playlists.module';
import { registerBookmarksModule } from './modules/bookmarks/bookmarks.module';
import { registerPlayQueueModule } from './modules/play-queue/play-queue.module';
import { registerSharesModule } from './modules/shares/shares.module';
import { registerInternetRadioModule } from './modules/internet-radio/internet-radio.module';
import { registerPodcastsModule } from './modules/podcasts/podcasts.module';
import { registerPlayerSettingsModule } from './modules/player-settings/player-settings.module';
import { registerHistoryModule } from './modules/history/history.module';
import { registerSearchModule } from './modules/search/search.module';
import { registerSecondFactorModule } from './modules/second-factor/second-factor.module';
import { registerSettingsModule } from './modules/settings/settings.module';
import { registerSeedModule } from './modules/seed/seed.module';
import { registerScrobblingModule } from './modules/scrobbling/scrobbling.module';
import { registerSingleSignOnModule } from './modules/single-sign-on/single-sign-on.module';
import { registerSongsModule } from './modules/songs/songs.module';
import { registerLyricsModule } from './modules/lyrics/lyrics.module';
import { registerStatsModule } from './modules/stats/stats.module';
import { registerSubsonicModule } from './modules/subsonic/subsonic.module';
import { registerSupportModule } from './modules/support/support.module';
import { registerUsersModule } from './modules/users/users.module';
import { trustedProxies } from './plugins/client-address';
import { registerCompression } from './plugins/compression';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors';
import { inputTextPlugin } from './plugins/input-text';
import { secretRedaction } from './plugins/log-redaction';
import { registerOpenApi } from './plugins/openapi';
import { requireSessionsOnAPrivateSite } from './plugins/private-site';
import { AppMetrics } from './metrics/app-metrics';
import { MediaAccessLog } from './metrics/media-access';
import { registerMetrics } from './metrics/metrics.plugin';
import { echoRequestIds, requestIdOf } from './plugins/request-ids';
import { OneLineRequestLog } from './plugins/request-log';
import { sharedRateLimitStore } from './plugins/rate-limit-store';
import { registerSecurityHeaders } from './plugins/security-headers';
import { unreadBodyPlugin } from './plugins/unread-body';
import { registerWebApp } from './plugins/web-app';
import { webPathsRoutes } from './plugins/web-paths';
import { connectRedis } from './redis-connection';

export interface AppOptions {
  /** The built web app; null serves the API alone. */
  readonly webRoot: string | null;
  /** Pino logger options; false silences the log (tests); a stream receives its lines. */
  readonly logger?: boolean | { level: string; stream?: { write(line: string): void } };
}

/** The modules under /api, in the order their routes appear in the OpenAPI document. */
const API_MODULES: readonly RegisterModule[] = [
  registerHealthModule,
  registerAuthModule,
  registerSingleSignOnModule,
  registerUsersModule,
  registerInvitationsModule,
  registerSettingsModule,
  registerApiKeysModule,
  registerSecondFactorModule,
  registerAccountModule,
  registerGeneralModule,
  registerStatsModule,
  registerSeedModule,
  registerSupportModule,
  registerChatModule,
  registerPlaylistsModule,
  registerPlayQueueModule,
  registerBookmarksModule,
  registerSharesModule,
  registerInternetRadioModule,
  registerPodcastsModule,
  registerPlayerSettingsModule,
  registerHistoryModule,
  registerScrobblingModule,
  registerSongsModule,
  registerLyricsModule,
  registerSearchModule,
  registerCatalogueModule,
  registerGenresModule,
  registerRadioModule,
  registerListeningStatsModule,
  registerLibraryModule,
];

/** The logger of `AppOptions`, with every secret a request carries kept out of its lines. */
function loggerOptions(logger: AppOptions['logger'], level: string) {
  if (logger === false) return false;
  const chosen = logger === undefined || logger === true ? { level } : logger;
  return { ...chosen, ...secretRedaction };
}

/** The server and the services its routes were registered over. */
export interface Server {
  readonly app: FastifyInstance;
  readonly services: Services;
  /** What the node tells Prometheus; null while metrics are off. */
  readonly metrics: AppMetrics | null;
}

/** Builds the whole server from its container; it never listens (CONTRIBUTING.md). */
export async function buildApp(c: Container, options: AppOptions): Promise<FastifyInstance> {
  return (await buildServer(c, options)).app;
}

/**
 * Builds the server, composing every service once (composition.ts) and handing the same instances
 * to the web API, `/media` and `/rest`; the caller may use them too (main.ts schedules the sweeps).
 */
export async function buildServer(c: Container, options: AppOptions): Promise<Server> {
  const { config } = c;
  const app = Fastify({
    logger: loggerOptions(options.logger, config.logLevel),
    logController: new OneLineRequestLog(),
    trustProxy: trustedProxies(config.trustProxy),
    genReqId: requestIdOf(config.trustProxy),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // Slow-loris connections are closed; a response may take as long as its reader needs,
    // since these bound receiving a request (and a connection where nothing moves at all).
    connectionTimeout: config.idleTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      // How often Node.js looks for expired requests (its default, 30 s, would add up to that).
      connectionsCheckingInterval: Math.min(5000, Math.ceil(config.headersTimeoutMs / 4)),
    },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  const services = composeServices(c, app.log, await findFfmpeg(config.ffmpegPath));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  echoRequestIds(app);
  const { metrics: metricsSetting } = config;
  const metrics =
    metricsSetting.token !== null || metricsSetting.port !== null ? new AppMetrics() : null;
  metrics?.watch({
    transcodes: services.transcoder.slots,
    scan: () => services.libraryScans.status(),
    pool: c.database.poolConnections,
  });
  registerMetrics(app, metrics, metricsSetting.token);
  const mediaAccess = new MediaAccessLog(metrics);
  mediaAccess.register(app);
  app.decorate('mediaAccess', mediaAccess);
  await app.register(errorsPlugin);
  await app.register(inputTextPlugin);
  await app.register(unreadBodyPlugin);
  registerSecurityHeaders(app, c.mediaOrigins);
  await registerCompression(app);
  // Several server nodes share one count of attempts through Redis; one node counts in memory.
  // They also tell each other of ended sessions, so that each may remember recent ones.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  const broadcasts = await joinNodeBroadcasts(c, redis, app.log);
  app.addHook('onClose', async () => {
    await broadcasts.close();
    redis?.close();
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: sharedRateLimitStore(redis, `${config.redisKeyPrefix}rate-limit:`) } : {}),
  });
  await app.register(multipart, {
    limits: {
      fileSize: config.uploadMaxBytes,
      files: 2,
      fields: 20,
      // The longest text a form carries is a song's lyrics; past the form's limit a field is
      // refused (multipart-form.ts), never cut short.
      fieldSize: MAX_LYRICS_BYTES + 64 * 1024,
      parts: 30,
    },
  });
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      if (config.siteMode === 'private') requireSessionsOnAPrivateSite(api);
      for (const register of API_MODULES) await register(api, c, services);
    },
    { prefix: '/api' },
  );
  await registerDeliveryModule(app, c, services);
  await registerSubsonicModule(app, c, services);
  await app.register(webPathsRoutes, { siteMode: config.siteMode });
  registerWebApp(app, options.webRoot, config.siteMode);
  return { app, services, metrics };
}
