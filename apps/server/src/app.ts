import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { migrations } from './db/migrations/all';
import type { Mailer } from './mail/mailer';
import { adminPlaylistsRoutes } from './modules/admin/admin-playlists.routes';
import { AdminPlaylistsService } from './modules/admin/admin-playlists.service';
import { adminSongsRoutes } from './modules/admin/admin-songs.routes';
import { AdminSongsService } from './modules/admin/admin-songs.service';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { AdminUsersService } from './modules/admin/admin-users.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { argon2idPasswords, type PasswordHasher } from './modules/auth/passwords';
import { PasswordResetsRepository } from './modules/auth/password-resets.repository';
import { RevokedTokensRepository } from './modules/auth/revoked-tokens.repository';
import { TokenSigner } from './modules/auth/tokens';
import { generalRoutes } from './modules/general/general.routes';
import { HealthRepository } from './modules/health/health.repository';
import { healthRoutes } from './modules/health/health.routes';
import { HealthService } from './modules/health/health.service';
import { mediaRoutes } from './modules/media/media.routes';
import { MediaUrls } from './modules/media/media-urls';
import { AudioFiles } from './modules/media/audio-files';
import { CoverImages } from './modules/media/cover-images';
import { ImageReferencesRepository } from './modules/media/image-references.repository';
import { PlaylistsRepository } from './modules/playlists/playlists.repository';
import { playlistRoutes } from './modules/playlists/playlists.routes';
import { PlaylistsService } from './modules/playlists/playlists.service';
import { QuickStatsRepository } from './modules/general/quick-stats.repository';
import { quickStatsRoutes } from './modules/general/quick-stats.routes';
import { SearchRepository } from './modules/search/search.repository';
import { searchRoutes } from './modules/search/search.routes';
import { SearchService } from './modules/search/search.service';
import { publicSongsRoutes } from './modules/songs/public-songs.routes';
import { SongsRepository } from './modules/songs/songs.repository';
import { songsRoutes } from './modules/songs/songs.routes';
import { SongsService } from './modules/songs/songs.service';
import { ProfileRepository } from './modules/users/profile.repository';
import { profileRoutes } from './modules/users/profile.routes';
import { ProfileService } from './modules/users/profile.service';
import { UsersRepository } from './modules/users/users.repository';
import { chatRoutes } from './modules/chat/chat.routes';
import { ChatService } from './modules/chat/chat.service';
import { createChatProvider } from './modules/chat/providers/create-chat-provider';
import { SeedRepository } from './modules/seed/seed.repository';
import { seedRoutes } from './modules/seed/seed.routes';
import { SeedService } from './modules/seed/seed.service';
import { supportInboxRoutes } from './modules/support/support-inbox.routes';
import { SupportRepository } from './modules/support/support.repository';
import { supportRoutes } from './modules/support/support.routes';
import { SupportService } from './modules/support/support.service';
import { authPlugin } from './plugins/auth';
import { trustedProxies } from './plugins/client-address';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors';
import { inputTextPlugin } from './plugins/input-text';
import {
  isClientRoutePath,
  isServableWebFile,
  looksLikeFile,
  webPathsRoutes,
} from './plugins/web-paths';
import { unreadBodyPlugin } from './plugins/unread-body';
import { NotFound } from './errors';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limits';
import type { BlobStore } from './storage/blob-store';
import { LocalBlobStore } from './storage/local-blob-store';

export interface AppDeps {
  readonly config: Config;
  readonly database: DatabaseHandle;
  readonly jwtSecret: string;
  readonly mailer: Mailer;
  readonly blobs: BlobStore;
  /** The bundled default images (apps/server/assets/defaults), served under /media/defaults. */
  readonly defaultImagesDir: string;
  /** The built web app; null serves the API alone. */
  readonly webRoot: string | null;
  /** Pino logger options; false silences the log (tests). */
  readonly logger?: boolean | { level: string };
  readonly rateLimits?: RateLimits;
  /** Argon2id unless a test wants to watch the hashing. */
  readonly passwords?: PasswordHasher;
}

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // MUI (emotion) injects its styles at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** Builds the whole server from its dependencies; it never listens (STYLE.md). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: trustedProxies(config.trustProxy),
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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(inputTextPlugin);
  await app.register(unreadBodyPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
  });
  // Several server nodes share one count of attempts through Redis; one node counts in memory.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'cadenza-rl-' } : {}),
  });
  await app.register(multipart, {
    limits: {
      fileSize: config.uploadMaxBytes,
      files: 2,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 30,
    },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cadenza API',
        version: '1.0.0',
        description: 'Self-hostable music streaming.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const users = new UsersRepository(database.db);
  const mediaUrls = new MediaUrls(deps.jwtSecret);
  const tokens = new TokenSigner(deps.jwtSecret);
  const auth = new AuthService({
    config,
    db: database.db,
    users,
    resets: new PasswordResetsRepository(database.db),
    revoked: new RevokedTokensRepository(database.db),
    tokens,
    passwords: deps.passwords ?? argon2idPasswords,
    mailer: deps.mailer,
    log: app.log,
  });
  await app.register(authPlugin, { authenticate: (token) => auth.authenticate(token) });

  await app.register(
    async (api) => {
      const limits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
      const health = new HealthService({
        repository: new HealthRepository(database.db),
        blobs: deps.blobs,
        migrationNames: Object.keys(migrations),
        log: app.log,
      });
      await api.register(healthRoutes, { health });
      await api.register(authRoutes, { prefix: '/auth', auth, limits });
      const profiles = new ProfileService(users, new ProfileRepository(database.db), mediaUrls);
      await api.register(profileRoutes, { prefix: '/user', profiles });
      await api.register(generalRoutes, { prefix: '/general', config });
      const seeding = new SeedService(new SeedRepository(database.db), config.enableSeedUsers);
      await api.register(seedRoutes, { prefix: '/general/seed', seeding });
      const support = new SupportService({
        repository: new SupportRepository(database.db),
        mailer: deps.mailer,
        supportEmail: config.supportEmail,
        mailSupport: config.smtpUrl !== undefined,
        log: app.log,
      });
      await api.register(supportRoutes, { prefix: '/support', support, limits });
      await api.register(supportInboxRoutes, { prefix: '/admin', support });
      const chat = new ChatService(createChatProvider(config), app.log);
      await api.register(chatRoutes, { chat, limits });
      const covers = new CoverImages(deps.blobs, new ImageReferencesRepository(database.db));
      const playlistsRepository = new PlaylistsRepository(database.db, database.dialect);
      const playlists = new PlaylistsService(playlistsRepository, covers, mediaUrls);
      await api.register(playlistRoutes, { prefix: '/user/playlists', playlists, covers });
      const songsRepository = new SongsRepository(database.db);
      const songs = new SongsService(songsRepository, deps.blobs, mediaUrls);
      await api.register(songsRoutes, { prefix: '/user/songs', songs });
      const search = new SearchService(
        new SearchRepository(database.db, database.dialect),
        mediaUrls,
      );
      await api.register(searchRoutes, { prefix: '/user/songs', search });
      await api.register(publicSongsRoutes, { prefix: '/general', songs });
      const quickStats = new QuickStatsRepository(database.db);
      await api.register(quickStatsRoutes, { prefix: '/general', stats: quickStats });
      const adminUsers = new AdminUsersService(users, quickStats, covers);
      await api.register(adminUsersRoutes, { prefix: '/admin', adminUsers });
      const audio = new AudioFiles(deps.blobs, app.log);
      const adminSongs = new AdminSongsService(songsRepository, audio, covers, mediaUrls);
      await api.register(adminSongsRoutes, {
        prefix: '/admin/songs',
        songs,
        adminSongs,
        audio,
        covers,
      });
      const adminPlaylists = new AdminPlaylistsService(playlistsRepository, covers, mediaUrls);
      await api.register(adminPlaylistsRoutes, {
        prefix: '/admin/playlists',
        adminPlaylists,
        covers,
      });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes, {
    prefix: '/media',
    blobs: deps.blobs,
    defaults: new LocalBlobStore(deps.defaultImagesDir),
    urls: mediaUrls,
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  });

  await app.register(webPathsRoutes);
  registerWebApp(app, deps.webRoot);
  return app;
}

/** Serves the built single-page app, falling back to index.html for client-side routes. */
function registerWebApp(app: FastifyInstance, webRoot: string | null): void {
  const hasWebApp = webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWebApp) {
    void app.register(fastifyStatic, {
      root: webRoot,
      // Looked up per request, so that a rebuild's new files are served without a restart.
      wildcard: true,
      // The build writes .br and .gz beside each asset (scripts/build.mjs).
      preCompressed: true,
      dotfiles: 'deny',
      allowedPath: isServableWebFile,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (hasWebApp) {
    // The root is a directory to the static plugin (403); it is the app's home page.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing script or asset must be a 404: the page itself would be parsed as JavaScript.
    const isApi =
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      pathname.startsWith('/media/') ||
      pathname.startsWith('/assets/') ||
      looksLikeFile(pathname);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !hasWebApp || !wantsPage || !isClientRoutePath(pathname)) {
      throw new NotFound(`Route ${request.method} ${pathname} not found.`);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
