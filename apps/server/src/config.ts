import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CronScheduleError, parseCronSchedule, type CronSchedule } from './backup/cron-schedule';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyAsUnset, z.string().optional());

/** proxy-addr's names for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For is believed (Fastify's `trustProxy`): unset trusts nobody, so
 * that a client cannot choose the address its requests are counted under; a list of addresses and
 * CIDR ranges, or the number of proxy hops in front of the server. Trusting every peer is refused.
 */
const trustProxyText = z
  .string()
  .trim()
  .transform((value, context): readonly string[] | number => {
    if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 32) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrCidr)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'must be proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8) or a hop count',
    });
    return z.NEVER;
  });

const urlText = (protocols: string[], what: string) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be ${what}`);

/**
 * The folders scanned in place, separated like PATH (`:`; `;` on Windows). Each must be an
 * existing folder: a typo or an unmounted disk stops the server at start rather than making
 * every song of it disappear at the next scan. A folder inside another is refused too, since
 * its files would be two songs each.
 */
const musicFoldersText = z.string().transform((value, context): readonly string[] => {
  const folders = [
    ...new Set(
      value
        .split(path.delimiter)
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '')
        .map((entry) => path.resolve(entry)),
    ),
  ];
  for (const folder of folders) {
    let isFolder = false;
    try {
      isFolder = fs.statSync(folder).isDirectory();
    } catch {
      isFolder = false;
    }
    if (!isFolder) {
      context.addIssue({ code: 'custom', message: `names ${folder}, which is not a folder` });
      return z.NEVER;
    }
    const outer = folders.find((other) => other !== folder && folder.startsWith(other + path.sep));
    if (outer) {
      context.addIssue({ code: 'custom', message: `names ${folder}, which is inside ${outer}` });
      return z.NEVER;
    }
  }
  return folders;
});

/** Whether `file` is a regular file this process may execute. */
function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** FFMPEG_PATH, when set, must name ffmpeg itself: a typo stops the server at start. */
const ffmpegPathText = z.string().transform((value, context): string => {
  const file = path.resolve(value.trim());
  if (isExecutableFile(file)) return file;
  context.addIssue({ code: 'custom', message: `names ${file}, which is not an executable file` });
  return z.NEVER;
});

/** BACKUP_SCHEDULE: a cron schedule, read here so that a typo stops the server at start. */
const cronScheduleText = z.string().transform((value, context): CronSchedule => {
  try {
    return parseCronSchedule(value);
  } catch (error) {
    if (!(error instanceof CronScheduleError)) throw error;
    context.addIssue({ code: 'custom', message: error.message });
    return z.NEVER;
  }
});

/** Where `ffmpeg` is on the PATH given, as a shell would find it; null when it is not. */
function ffmpegOnPath(searchPath: string | undefined): string | null {
  for (const folder of (searchPath ?? '').split(path.delimiter)) {
    if (folder === '') continue;
    const file = path.resolve(folder, process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
    if (isExecutableFile(file)) return file;
  }
  return null;
}

/** A duration in seconds (fractions allowed), up to a day. */
const seconds = (fallback: number) =>
  z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'must be a number of seconds' })
      .positive('must be a positive number of seconds')
      .max(86_400, 'must be at most 86400 (a day)')
      .default(fallback),
  );

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyAsUnset, z.string().default('production')),
    PORT: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a port number (0-65535)' })
        .int('must be a port number (0-65535)')
        .min(0, 'must be a port number (0-65535)')
        .max(65535, 'must be a port number (0-65535)')
        .default(3000),
    ),
    HOST: z.preprocess(emptyAsUnset, z.string().default('0.0.0.0')),
    METRICS_TOKEN: z.preprocess(
      emptyAsUnset,
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    METRICS_PORT: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a port number (1-65535)' })
        .int('must be a port number (1-65535)')
        .min(1, 'must be a port number (1-65535)')
        .max(65535, 'must be a port number (1-65535)')
        .optional(),
    ),
    DATA_DIR: z.preprocess(emptyAsUnset, z.string().default('./data')),
    DATABASE_URL: z.preprocess(
      emptyAsUnset,
      urlText(['postgres:', 'postgresql:'], 'a postgres:// connection URL').optional(),
    ),
    DB_STATEMENT_TIMEOUT_MS: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a number of milliseconds' })
        .int('must be a whole number of milliseconds')
        .min(100, 'must be at least 100 milliseconds')
        .max(3_600_000, 'must be at most 3600000 (an hour)')
        .default(15_000),
    ),
    REDIS_URL: z.preprocess(
      emptyAsUnset,
      urlText(['redis:', 'rediss:'], 'a redis:// URL').optional(),
    ),
    REDIS_KEY_PREFIX: z.preprocess(emptyAsUnset, z.string().default('cadenza:')),
    JWT_SECRET: z.preprocess(
      emptyAsUnset,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    ADMIN_EMAIL: z.preprocess(
      emptyAsUnset,
      z.email('must be an e-mail address').default('admin@cadenza.local'),
    ),
    PASSWORD_MIN_LENGTH: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a whole number from 6 to 128' })
        .int('must be a whole number from 6 to 128')
        .min(6, 'must be a whole number from 6 to 128')
        .max(128, 'must be a whole number from 6 to 128')
        .default(6),
    ),
    ADMIN_PASSWORD: z.preprocess(
      emptyAsUnset,
      z.string().min(6, 'must be at least 6 characters').optional(),
    ),
    PUBLIC_URL: z.preprocess(
      emptyAsUnset,
      urlText(['http:', 'https:'], 'an http(s) URL').optional(),
    ),
    SMTP_URL: z.preprocess(emptyAsUnset, urlText(['smtp:', 'smtps:'], 'an smtp:// URL').optional()),
    MAIL_FROM: z.preprocess(emptyAsUnset, z.string().default('Cadenza <no-reply@cadenza.local>')),
    SUPPORT_EMAIL: z.preprocess(
      emptyAsUnset,
      z.email('must be an e-mail address').default('support@cadenza.local'),
    ),
    SUPPORT_PHONE: optionalText,
    SUPPORT_ADDRESS: optionalText,
    EARLY_ACCESS_END: z.preprocess(
      emptyAsUnset,
      z.iso.date('must be a date like 2025-07-30').default('2025-07-30'),
    ),
    REGISTRATION: z.preprocess(
      emptyAsUnset,
      z
        .enum(['open', 'invite', 'closed'], { error: 'must be open, invite or closed' })
        .default('open'),
    ),
    SITE_MODE: z.preprocess(
      emptyAsUnset,
      z.enum(['public', 'private'], { error: 'must be public or private' }).default('public'),
    ),
    ENABLE_SEED_USERS: z.preprocess(emptyAsUnset, booleanText.default(false)),
    DEMO_LIBRARY: z.preprocess(emptyAsUnset, booleanText.default(true)),
    BACKUP_DIR: z.preprocess(emptyAsUnset, z.string().optional()),
    BACKUP_SCHEDULE: z.preprocess(emptyAsUnset, cronScheduleText.optional()),
    BACKUP_KEEP: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a whole number of backups (1 or more)' })
        .int('must be a whole number of backups (1 or more)')
        .min(1, 'must be a whole number of backups (1 or more)')
        .default(7),
    ),
    MUSIC_DIR: z.preprocess(emptyAsUnset, musicFoldersText.optional()),
    FFMPEG_PATH: z.preprocess(emptyAsUnset, ffmpegPathText.optional()),
    TRANSCODE_CACHE_MB: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a whole number of megabytes (0 turns the cache off)' })
        .int('must be a whole number of megabytes (0 turns the cache off)')
        .min(0, 'must be a whole number of megabytes (0 turns the cache off)')
        .max(1_048_576, 'must be at most 1048576 (a terabyte)')
        .default(1024),
    ),
    TRANSCODE_CONCURRENCY: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a whole number between 1 and 256' })
        .int('must be a whole number between 1 and 256')
        .min(1, 'must be a whole number between 1 and 256')
        .max(256, 'must be a whole number between 1 and 256')
        .optional(),
    ),
    HISTORY_IMPORT_MAX_MB: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a number of megabytes' })
        .positive('must be a positive number of megabytes')
        .max(1024, 'must be at most 1024')
        .default(256),
    ),
    UPLOAD_MAX_MB: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a number of megabytes' })
        .positive('must be a positive number of megabytes')
        .max(10240, 'must be at most 10240')
        .default(200),
    ),
    CHAT_PROVIDER: z.preprocess(
      emptyAsUnset,
      z
        .enum(['builtin', 'gemini', 'openai'], { error: 'must be one of builtin, gemini, openai' })
        .default('builtin'),
    ),
    GEMINI_API_KEY: optionalText,
    GEMINI_MODEL: z.preprocess(emptyAsUnset, z.string().default('gemini-2.0-flash')),
    GEMINI_SUGGEST_MODEL: z.preprocess(emptyAsUnset, z.string().default('gemini-2.0-flash-lite')),
    GEMINI_BASE_URL: z.preprocess(
      emptyAsUnset,
      urlText(['http:', 'https:'], 'an http(s) URL').default(
        'https://generativelanguage.googleapis.com/v1beta',
      ),
    ),
    OPENAI_BASE_URL: z.preprocess(
      emptyAsUnset,
      urlText(['http:', 'https:'], 'an http(s) URL').default('https://api.openai.com/v1'),
    ),
    OPENAI_API_KEY: optionalText,
    OPENAI_MODEL: z.preprocess(emptyAsUnset, z.string().default('gpt-4o-mini')),
    LISTENBRAINZ_BASE_URL: z.preprocess(
      emptyAsUnset,
      urlText(['http:', 'https:'], 'an http(s) URL').default('https://api.listenbrainz.org'),
    ),
    LASTFM_BASE_URL: z.preprocess(
      emptyAsUnset,
      urlText(['http:', 'https:'], 'an http(s) URL').default('https://ws.audioscrobbler.com/2.0/'),
    ),
    SCROBBLE_TIMEOUT_S: seconds(10),
    FETCH_PRIVATE_ADDRESSES: z.preprocess(emptyAsUnset, booleanText.default(false)),
    PODCAST_FEED_TIMEOUT_S: seconds(30),
    PODCAST_REFRESH_MINUTES: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a whole number of minutes' })
        .int('must be a whole number of minutes')
        .min(0, 'must be 0 (never) or more minutes')
        .max(10_080, 'must be at most 10080 (a week)')
        .default(60),
    ),
    HEADERS_TIMEOUT_S: seconds(30),
    REQUEST_TIMEOUT_S: seconds(90),
    IDLE_TIMEOUT_S: seconds(120),
    KEEP_ALIVE_TIMEOUT_S: seconds(72),
    TRUST_PROXY: z.preprocess(emptyAsUnset, trustProxyText.optional()),
    STORAGE: z.preprocess(
      emptyAsUnset,
      z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
    ),
    MEDIA_DELIVERY: z.preprocess(
      emptyAsUnset,
      z
        .enum(['redirect', 'proxy', 'accel'], { error: 'must be redirect, proxy or accel' })
        .optional(),
    ),
    MEDIA_ACCEL_PREFIX: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(
          /^\/(?:[A-Za-z0-9._~-]+\/)+$/,
          'must be a URL path that starts and ends with a slash, such as /internal-media/',
        )
        .default('/internal-media/'),
    ),
    S3_ENDPOINT: z.preprocess(
      emptyAsUnset,
      urlText(['http:', 'https:'], 'an http(s) URL').optional(),
    ),
    S3_BUCKET: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'must be a bucket name (3-63 lower-case letters, digits, dots, dashes)',
        )
        .optional(),
    ),
    S3_REGION: z.preprocess(emptyAsUnset, z.string().default('us-east-1')),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUnset, booleanText.default(false)),
    OIDC_ISSUER: z.preprocess(
      emptyAsUnset,
      urlText(['http:', 'https:'], 'an http(s) URL (the issuer of the OpenID provider)').optional(),
    ),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_ADMIN_CLAIM: optionalText,
    OIDC_ADMIN_VALUE: optionalText,
    OIDC_BUTTON_TEXT: z.preprocess(
      emptyAsUnset,
      z.string().max(60, 'must be at most 60 characters').optional(),
    ),
    AUTH_PROXY_HEADER: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an HTTP header name, such as Remote-Email')
        .optional(),
    ),
    LOG_LEVEL: z.preprocess(
      emptyAsUnset,
      z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
          error: 'must be one of fatal, error, warn, info, debug, trace, silent',
        })
        .default('info'),
    ),
    LOG_FORMAT: z.preprocess(
      emptyAsUnset,
      z
        .enum(['auto', 'json', 'pretty'], { error: 'must be one of auto, json, pretty' })
        .default('auto'),
    ),
  })
  .superRefine((env, context) => {
    // Several nodes share one PostgreSQL database: a key generated per node in its own DATA_DIR
    // would make every node refuse the sessions the others signed.
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required when DATABASE_URL is set (every server node must sign with it)',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      context.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT (the metrics are served apart from the app)',
      });
    }
    // The first administrator's password follows the rule every new password follows.
    if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD.length < env.PASSWORD_MIN_LENGTH) {
      context.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: `must be at least PASSWORD_MIN_LENGTH (${env.PASSWORD_MIN_LENGTH}) characters`,
      });
    }
    // Node.js refuses a headers timeout longer than the request timeout that contains it.
    if (env.HEADERS_TIMEOUT_S > env.REQUEST_TIMEOUT_S) {
      context.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_S'],
        message: `must be at most REQUEST_TIMEOUT_S (${env.REQUEST_TIMEOUT_S})`,
      });
    }
    // The chosen chat provider cannot work without its key; say which variable is missing.
    const keyVariable = {
      builtin: null,
      gemini: 'GEMINI_API_KEY',
      openai: 'OPENAI_API_KEY',
    } as const;
    const variable = keyVariable[env.CHAT_PROVIDER];
    if (variable && !env[variable]) {
      context.addIssue({
        code: 'custom',
        path: [variable],
        message: `is required when CHAT_PROVIDER is ${env.CHAT_PROVIDER}`,
      });
    }
    checkStorage(env, context);
    checkSignIn(env, context);
  });

/** OpenID Connect needs its client; a proxy's header is believed only from proxies named. */
function checkSignIn(
  env: {
    OIDC_ISSUER?: string | undefined;
    OIDC_CLIENT_ID?: string | undefined;
    OIDC_CLIENT_SECRET?: string | undefined;
    OIDC_ADMIN_CLAIM?: string | undefined;
    OIDC_ADMIN_VALUE?: string | undefined;
    AUTH_PROXY_HEADER?: string | undefined;
    TRUST_PROXY?: readonly string[] | number | undefined;
  },
  context: z.RefinementCtx,
): void {
  const required = (variable: string, when: string) =>
    context.addIssue({ code: 'custom', path: [variable], message: `is required when ${when}` });
  if (env.OIDC_ISSUER) {
    if (!env.OIDC_CLIENT_ID) required('OIDC_CLIENT_ID', 'OIDC_ISSUER is set');
    if (!env.OIDC_CLIENT_SECRET) required('OIDC_CLIENT_SECRET', 'OIDC_ISSUER is set');
  }
  if (env.OIDC_ADMIN_CLAIM && !env.OIDC_ADMIN_VALUE) {
    required('OIDC_ADMIN_VALUE', 'OIDC_ADMIN_CLAIM is set');
  }
  if (env.AUTH_PROXY_HEADER && env.TRUST_PROXY === undefined) {
    required('TRUST_PROXY', 'AUTH_PROXY_HEADER is set (the header is believed only from them)');
  }
}

/**
 * S3 needs its bucket and keys when it holds the media (STORAGE=s3) and whenever a bucket is
 * named (storage:migrate copies into it); only an S3 store can hand out its own URLs.
 */
function checkStorage(
  env: {
    STORAGE: 'local' | 's3';
    MEDIA_DELIVERY?: MediaDelivery | undefined;
    S3_BUCKET?: string | undefined;
    S3_ACCESS_KEY_ID?: string | undefined;
    S3_SECRET_ACCESS_KEY?: string | undefined;
  },
  context: z.RefinementCtx,
): void {
  const required = (variable: string, when: string) =>
    context.addIssue({ code: 'custom', path: [variable], message: `is required when ${when}` });
  if (env.STORAGE === 's3' && !env.S3_BUCKET) required('S3_BUCKET', 'STORAGE is s3');
  if (env.STORAGE === 's3' || env.S3_BUCKET) {
    const when = env.STORAGE === 's3' ? 'STORAGE is s3' : 'S3_BUCKET is set';
    if (!env.S3_ACCESS_KEY_ID) required('S3_ACCESS_KEY_ID', when);
    if (!env.S3_SECRET_ACCESS_KEY) required('S3_SECRET_ACCESS_KEY', when);
  }
  if (env.STORAGE === 'local' && env.MEDIA_DELIVERY === 'redirect') {
    context.addIssue({
      code: 'custom',
      path: ['MEDIA_DELIVERY'],
      message: 'can be redirect only when STORAGE is s3 (local media is served by the server)',
    });
  }
  if (env.STORAGE === 's3' && env.MEDIA_DELIVERY === 'accel') {
    context.addIssue({
      code: 'custom',
      path: ['MEDIA_DELIVERY'],
      message:
        'can be accel only when STORAGE is local (nginx serves files from DATA_DIR/media; ' +
        'use redirect or proxy with a bucket)',
    });
  }
}

export type ChatProviderName = 'builtin' | 'gemini' | 'openai';

/** An S3-compatible bucket (AWS, MinIO, R2, B2…). */
export interface S3Settings {
  /** Unset: AWS's own endpoint for the region. */
  readonly endpoint: string | undefined;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  /** Secret: stays on the server, never logged. */
  readonly secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  readonly forcePathStyle: boolean;
}

/**
 * How /media answers for stored media: `redirect` sends the client to a presigned URL of the
 * bucket, `proxy` streams the object through the server. Local storage is always proxied.
 */
/**
 * redirect: to presigned bucket URLs; proxy: the server sends the bytes; accel: the server checks
 * the request and answers `X-Accel-Redirect`, and nginx in front sends the file from DATA_DIR/media.
 */
export type MediaDelivery = 'redirect' | 'proxy' | 'accel';

export interface Config {
  readonly production: boolean;
  readonly port: number;
  /**
   * Prometheus metrics at `/metrics`: on the app's port for whoever sends this bearer token
   * (METRICS_TOKEN), and on a port of their own (METRICS_PORT); off while neither is set.
   */
  readonly metrics: { readonly token: string | null; readonly port: number | null };
  readonly host: string;
  readonly dataDir: string;
  /** Unset: SQLite in `dataDir`. */
  readonly databaseUrl: string | undefined;
  /**
   * How long one statement of a request may take, waiting for a connection or a lock included,
   * before it fails as an outage (503). Migrations, scans and maintenance have their own limit.
   */
  readonly dbStatementTimeoutMs: number;
  readonly redisUrl: string | undefined;
  /** Put before every key this server writes to Redis, so that deployments can share one. */
  readonly redisKeyPrefix: string;
  /** Unset (SQLite only): generated once and kept in `dataDir` (see secrets.ts). */
  readonly jwtSecret: string | undefined;
  readonly adminEmail: string;
  readonly adminPassword: string | undefined;
  /** The fewest characters a new password may have (6 to 128; 6 unless raised). */
  readonly passwordMinLength: number;
  readonly publicUrl: string;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly supportEmail: string;
  readonly supportPhone: string | undefined;
  readonly supportAddress: string | undefined;
  readonly earlyAccessEnd: string;
  readonly enableSeedUsers: boolean;
  /** Who may sign up until the administrator changes it in the dashboard (REGISTRATION). */
  readonly registration: 'open' | 'invite' | 'closed';
  /** `private`: visitors see only the login page and nothing of the members or the library. */
  readonly siteMode: 'public' | 'private';
  readonly demoLibrary: boolean;
  readonly backups: {
    /** Where backups go: BACKUP_DIR, else DATA_DIR/backups. */
    readonly dir: string;
    /** When the server takes one by itself (BACKUP_SCHEDULE); null: only by hand. */
    readonly schedule: CronSchedule | null;
    /** How many scheduled backups are kept (BACKUP_KEEP); older ones are removed. */
    readonly keep: number;
  };
  /** The folders scanned in place (MUSIC_DIR), absolute; empty when unset. Only ever read. */
  readonly musicFolders: readonly string[];
  readonly uploadMaxBytes: number;
  /** The largest listening history file taken in one import (HISTORY_IMPORT_MAX_MB, 256 by default). */
  readonly historyImportMaxBytes: number;
  /**
   * ffmpeg, for transcoding: FFMPEG_PATH, else `ffmpeg` on the PATH; null without it (files are
   * then sent as they are, and only what browsers play is taken in).
   */
  readonly ffmpegPath: string | null;
  /** How many transcodes run at once on this node (TRANSCODE_CONCURRENCY; the CPUs by default). */
  readonly transcodeConcurrency: number;
  /** Finished transcodes kept in DATA_DIR/transcodes, at most this many bytes; 0: none. */
  readonly transcodeCacheBytes: number;
  readonly logLevel: string;
  /** JSON lines, lines a person reads, or (`auto`) the latter on a terminal only (LOG_FORMAT). */
  readonly logFormat: 'auto' | 'json' | 'pretty';
  /** How long a client may take to send a request's headers / its whole request, body included. */
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  /** A connection on which nothing moves, either way, for this long is closed. */
  readonly idleTimeoutMs: number;
  /** How long a connection is kept open for the next request after a response. */
  readonly keepAliveTimeoutMs: number;
  /** Proxies whose X-Forwarded-For is believed: addresses/CIDRs or a hop count; false: none. */
  readonly trustProxy: readonly string[] | number | false;
  readonly chatProvider: ChatProviderName;
  /** Secret: stays on the server, never logged. */
  readonly geminiApiKey: string | undefined;
  readonly geminiModel: string;
  readonly geminiSuggestModel: string;
  readonly geminiBaseUrl: string;
  readonly openaiBaseUrl: string;
  /** Secret: stays on the server, never logged. */
  readonly openaiApiKey: string | undefined;
  readonly openaiModel: string;
  /** ListenBrainz's API (LISTENBRAINZ_BASE_URL), without a trailing slash. */
  readonly listenBrainzBaseUrl: string;
  /** Last.fm's API endpoint (LASTFM_BASE_URL), called as it is written. */
  readonly lastFmBaseUrl: string;
  /** The longest wait for ListenBrainz or Last.fm to answer one call (SCROBBLE_TIMEOUT_S). */
  readonly scrobbleTimeoutMs: number;
  /**
   * Podcast feeds and files, and radio streams, on this machine or the local network may be
   * fetched (FETCH_PRIVATE_ADDRESSES): for a home server; off, such addresses are refused.
   */
  readonly fetchPrivateAddresses: boolean;
  /** The longest a podcast feed may take to arrive whole (PODCAST_FEED_TIMEOUT_S). */
  readonly podcastFeedTimeoutMs: number;
  /** How often every podcast feed is read again (PODCAST_REFRESH_MINUTES); 0: never. */
  readonly podcastRefreshMinutes: number;
  /** Where uploaded media lives: DATA_DIR/media, or the bucket of `s3`. */
  readonly storage: 'local' | 's3';
  /** The bucket; set with STORAGE=s3, and whenever S3_BUCKET is (for storage:migrate). */
  readonly s3: S3Settings | undefined;
  readonly mediaDelivery: MediaDelivery;
  /** With MEDIA_DELIVERY=accel: nginx's internal location for DATA_DIR/media, ending in `/`. */
  readonly mediaAccelPrefix: string;
  /** OIDC_ISSUER and its client; undefined: no single sign-on. */
  readonly oidc: OidcSettings | undefined;
  /**
   * AUTH_PROXY_HEADER, lower-cased: the header in which a trusted reverse proxy names the signed-in
   * user's e-mail address; undefined: not used.
   */
  readonly authProxyHeader: string | undefined;
}

/** Sign-in with an OpenID Connect provider (authorization code flow with PKCE). */
export interface OidcSettings {
  readonly issuer: string;
  readonly clientId: string;
  /** Secret: stays on the server, never logged. */
  readonly clientSecret: string;
  /** The claim that makes an account an administrator when it holds `adminValue`; unset: none. */
  readonly adminClaim: string | undefined;
  readonly adminValue: string | undefined;
  /** The label of the login page's button. */
  readonly buttonText: string;
}

export class ConfigError extends Error {}

/**
 * Variables whose values are secrets, by their names: a bad value of one is named with the rule
 * it breaks, never shown. A new variable holding a secret is covered by its name (…_SECRET,
 * …_PASSWORD, …_KEY, …_TOKEN).
 */
const SECRET_VARIABLE = /SECRET|PASSWORD$|_KEY(_ID)?$|TOKEN/;

/**
 * What a configuration error may show of a bad value: nothing for a secret; for a URL (which may
 * carry a user, a password or a password parameter), only its scheme, host and path, and nothing
 * when it cannot be read as a URL; any other value as it is.
 */
export function shownConfigValue(variable: string, value: string | undefined): string {
  if (value === undefined || SECRET_VARIABLE.test(variable)) return '';
  const shown = variable.endsWith('_URL') ? urlWithoutCredentials(value) : value;
  return shown === undefined ? '' : ` (got ${JSON.stringify(shown)})`;
}

/** A URL as it may be shown: only its scheme, host and path when it carries credentials. */
function urlWithoutCredentials(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const credentials = url.username !== '' || url.password !== '' || url.search !== '';
  return credentials ? `${url.protocol}//${url.host}${url.pathname}` : value;
}

/** What a backup's configuration.env holds of a secret: that it was set, not its value. */
export const SECRET_MARK = '(secret, not kept)';

/**
 * The configuration's variables that are set in `env`, as `NAME=value` lines for a backup's
 * record of what the server ran with: a secret's value is marked, never written, and a URL
 * keeps only its scheme, host and path when it carries credentials.
 */
export function configurationRecord(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.keys(envSchema.shape).flatMap((name) => {
    const value = env[name];
    if (value === undefined || value === '') return [];
    const shown = SECRET_VARIABLE.test(name)
      ? undefined
      : name.endsWith('_URL')
        ? urlWithoutCredentials(value)
        : value;
    return [`${name}=${shown ?? SECRET_MARK}`];
  });
}

/**
 * The environment of a program the server runs (pg_dump, psql): its own (PATH, HOME and the
 * like), with `extra` on top.
 */
export function childEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/** Parses the environment once into a frozen, typed configuration (docs/architecture.md §3). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}${shownConfigValue(variable, env[variable])}`,
    );
  }
  const e = parsed.data;
  return Object.freeze({
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null },
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    supportAddress: e.SUPPORT_ADDRESS,
    earlyAccessEnd: e.EARLY_ACCESS_END,
    enableSeedUsers: e.ENABLE_SEED_USERS,
    registration: e.REGISTRATION,
    siteMode: e.SITE_MODE,
    demoLibrary: e.DEMO_LIBRARY,
    backups: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
      schedule: e.BACKUP_SCHEDULE ?? null,
      keep: e.BACKUP_KEEP,
    },
    musicFolders: e.MUSIC_DIR ?? [],
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    historyImportMaxBytes: Math.round(e.HISTORY_IMPORT_MAX_MB * 1024 * 1024),
    ffmpegPath: e.FFMPEG_PATH ?? ffmpegOnPath(env.PATH),
    transcodeConcurrency: e.TRANSCODE_CONCURRENCY ?? os.availableParallelism(),
    transcodeCacheBytes: e.TRANSCODE_CACHE_MB * 1024 * 1024,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    headersTimeoutMs: Math.round(e.HEADERS_TIMEOUT_S * 1000),
    requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_S * 1000),
    idleTimeoutMs: Math.round(e.IDLE_TIMEOUT_S * 1000),
    keepAliveTimeoutMs: Math.round(e.KEEP_ALIVE_TIMEOUT_S * 1000),
    trustProxy: e.TRUST_PROXY ?? false,
    chatProvider: e.CHAT_PROVIDER,
    geminiApiKey: e.GEMINI_API_KEY,
    geminiModel: e.GEMINI_MODEL,
    geminiSuggestModel: e.GEMINI_SUGGEST_MODEL,
    geminiBaseUrl: e.GEMINI_BASE_URL.replace(/\/+$/, ''),
    openaiBaseUrl: e.OPENAI_BASE_URL.replace(/\/+$/, ''),
    openaiApiKey: e.OPENAI_API_KEY,
    openaiModel: e.OPENAI_MODEL,
    listenBrainzBaseUrl: e.LISTENBRAINZ_BASE_URL.replace(/\/+$/, ''),
    lastFmBaseUrl: e.LASTFM_BASE_URL,
    scrobbleTimeoutMs: Math.round(e.SCROBBLE_TIMEOUT_S * 1000),
    fetchPrivateAddresses: e.FETCH_PRIVATE_ADDRESSES,
    podcastRefreshMinutes: e.PODCAST_REFRESH_MINUTES,
    podcastFeedTimeoutMs: Math.round(e.PODCAST_FEED_TIMEOUT_S * 1000),
    storage: e.STORAGE,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? Object.freeze({
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          })
        : undefined,
    mediaDelivery:
      e.STORAGE === 's3'
        ? (e.MEDIA_DELIVERY ?? 'redirect')
        : e.MEDIA_DELIVERY === 'accel'
          ? 'accel'
          : 'proxy',
    mediaAccelPrefix: e.MEDIA_ACCEL_PREFIX,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? Object.freeze({
            issuer: e.OIDC_ISSUER.replace(/\/+$/, ''),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            adminClaim: e.OIDC_ADMIN_CLAIM,
            adminValue: e.OIDC_ADMIN_VALUE,
            buttonText: e.OIDC_BUTTON_TEXT ?? 'Sign in with single sign-on',
          })
        : undefined,
    authProxyHeader: e.AUTH_PROXY_HEADER?.toLowerCase(),
  });
}
