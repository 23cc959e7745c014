import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, configurationRecord, loadConfig, shownConfigValue } from './config';

describe('loadConfig', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      adminEmail: 'admin@cadenza.local',
      publicUrl: 'http://localhost:3000',
      supportEmail: 'support@cadenza.local',
      earlyAccessEnd: '2025-07-30',
      enableSeedUsers: false,
      demoLibrary: true,
      uploadMaxBytes: 200 * 1024 * 1024,
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads PORT, HOST, DATA_DIR and the rest', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/cadenza-data',
      DATABASE_URL: 'postgres://u@localhost/db',
      JWT_SECRET: 'a-shared-secret-that-is-long-enough-to-sign',
      ENABLE_SEED_USERS: 'true',
      PUBLIC_URL: 'https://music.example.com/',
      ADMIN_EMAIL: 'Boss@Example.com',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/cadenza-data',
      databaseUrl: 'postgres://u@localhost/db',
      enableSeedUsers: true,
      publicUrl: 'https://music.example.com',
      adminEmail: 'boss@example.com',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number (0-65535) (got "abc")'],
    [
      { PORT: '70000' },
      'Invalid configuration: PORT must be a port number (0-65535) (got "70000")',
    ],
    [
      { DATABASE_URL: 'nonsense' },
      'Invalid configuration: DATABASE_URL must be a postgres:// connection URL',
    ],
    [
      { DATABASE_URL: 'mysql://x/y' },
      'Invalid configuration: DATABASE_URL must be a postgres:// connection URL (got "mysql://x/y")',
    ],
    [
      { ENABLE_SEED_USERS: 'maybe' },
      'Invalid configuration: ENABLE_SEED_USERS must be true or false (got "maybe")',
    ],
    [
      { UPLOAD_MAX_MB: '-1' },
      'Invalid configuration: UPLOAD_MAX_MB must be a positive number of megabytes (got "-1")',
    ],
    [
      { DATABASE_URL: 'postgres://u@localhost/db' },
      'Invalid configuration: JWT_SECRET is required when DATABASE_URL is set (every server node must sign with it)',
    ],
    [{ JWT_SECRET: 'short' }, 'Invalid configuration: JWT_SECRET must be at least 32 characters'],
    [
      { LOG_FORMAT: 'colour' },
      'Invalid configuration: LOG_FORMAT must be one of auto, json, pretty (got "colour")',
    ],
    [
      { METRICS_TOKEN: 'short' },
      'Invalid configuration: METRICS_TOKEN must be at least 16 characters',
    ],
    [
      { METRICS_PORT: '3000' },
      'Invalid configuration: METRICS_PORT must differ from PORT (the metrics are served apart from the app) (got "3000")',
    ],
    [
      { METRICS_PORT: '0' },
      'Invalid configuration: METRICS_PORT must be a port number (1-65535) (got "0")',
    ],
  ])('stops on %j with one clear line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  it('opens sign-up and the public pages by default, and reads REGISTRATION and SITE_MODE', () => {
    expect(loadConfig({})).toMatchObject({ registration: 'open', siteMode: 'public' });
    expect(loadConfig({ REGISTRATION: 'invite', SITE_MODE: 'private' })).toMatchObject({
      registration: 'invite',
      siteMode: 'private',
    });
    expect(() => loadConfig({ REGISTRATION: 'nobody' })).toThrow(
      'Invalid configuration: REGISTRATION must be open, invite or closed',
    );
    expect(() => loadConfig({ SITE_MODE: 'hidden' })).toThrow(
      'Invalid configuration: SITE_MODE must be public or private',
    );
  });

  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it.each([
    ['127.0.0.1', ['127.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8,::1,fd00::/8', ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
    ['1', 1],
    ['2', 2],
  ])('reads %j', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it.each(['true', '*', '0', '10.0.0.0/33', '300.1.1.1', 'proxy.example.com', '127.0.0.1,,'])(
    'stops on %j with one line naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        new ConfigError(
          'Invalid configuration: TRUST_PROXY must be proxy addresses or CIDR ranges ' +
            `(e.g. 127.0.0.1,10.0.0.0/8) or a hop count (got ${JSON.stringify(value)})`,
        ),
      );
    },
  );
});

describe('loadConfig: the help assistant', () => {
  it('answers from the built-in knowledge base by default', () => {
    expect(loadConfig({})).toMatchObject({
      chatProvider: 'builtin',
      geminiModel: 'gemini-2.0-flash',
      geminiSuggestModel: 'gemini-2.0-flash-lite',
      geminiBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
      openaiBaseUrl: 'https://api.openai.com/v1',
      openaiModel: 'gpt-4o-mini',
      geminiApiKey: undefined,
      openaiApiKey: undefined,
    });
  });

  it('reads a provider with its key, model and base URL', () => {
    expect(
      loadConfig({
        CHAT_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-local',
        OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/',
        OPENAI_MODEL: 'llama3',
      }),
    ).toMatchObject({
      chatProvider: 'openai',
      openaiApiKey: 'sk-local',
      openaiBaseUrl: 'http://127.0.0.1:11434/v1',
      openaiModel: 'llama3',
    });
  });

  it.each([
    [
      { CHAT_PROVIDER: 'gemini' },
      'Invalid configuration: GEMINI_API_KEY is required when CHAT_PROVIDER is gemini',
    ],
    [
      { CHAT_PROVIDER: 'openai', OPENAI_API_KEY: '' },
      'Invalid configuration: OPENAI_API_KEY is required when CHAT_PROVIDER is openai',
    ],
    [
      { CHAT_PROVIDER: 'claude' },
      'Invalid configuration: CHAT_PROVIDER must be one of builtin, gemini, openai (got "claude")',
    ],
    [
      { GEMINI_BASE_URL: 'ftp://example.com' },
      'Invalid configuration: GEMINI_BASE_URL must be an http(s) URL (got "ftp://example.com")',
    ],
  ])('stops on %j with one clear line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});

describe('loadConfig: HTTP timeouts', () => {
  it('bounds receiving a request by default, in milliseconds', () => {
    expect(loadConfig({})).toMatchObject({
      headersTimeoutMs: 30_000,
      requestTimeoutMs: 90_000,
      idleTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
    });
  });

  it('reads each in seconds, fractions included', () => {
    const config = loadConfig({
      HEADERS_TIMEOUT_S: '0.5',
      REQUEST_TIMEOUT_S: '600',
      IDLE_TIMEOUT_S: '30',
      KEEP_ALIVE_TIMEOUT_S: '5',
    });
    expect(config).toMatchObject({
      headersTimeoutMs: 500,
      requestTimeoutMs: 600_000,
      idleTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
    });
  });

  it.each([
    [
      { REQUEST_TIMEOUT_S: '0' },
      'Invalid configuration: REQUEST_TIMEOUT_S must be a positive number of seconds (got "0")',
    ],
    [
      { IDLE_TIMEOUT_S: 'soon' },
      'Invalid configuration: IDLE_TIMEOUT_S must be a number of seconds (got "soon")',
    ],
    [
      { HEADERS_TIMEOUT_S: '120', REQUEST_TIMEOUT_S: '60' },
      'Invalid configuration: HEADERS_TIMEOUT_S must be at most REQUEST_TIMEOUT_S (60) (got "120")',
    ],
  ])('stops on %j with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});

describe('loadConfig: DB_STATEMENT_TIMEOUT_MS', () => {
  it('limits a statement to 15 s by default, and reads milliseconds', () => {
    expect(loadConfig({}).dbStatementTimeoutMs).toBe(15_000);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '2500' }).dbStatementTimeoutMs).toBe(2500);
  });

  it.each([
    [
      { DB_STATEMENT_TIMEOUT_MS: 'long' },
      'Invalid configuration: DB_STATEMENT_TIMEOUT_MS must be a number of milliseconds (got "long")',
    ],
    [
      { DB_STATEMENT_TIMEOUT_MS: '50' },
      'Invalid configuration: DB_STATEMENT_TIMEOUT_MS must be at least 100 milliseconds (got "50")',
    ],
    [
      { DB_STATEMENT_TIMEOUT_MS: '1.5' },
      'Invalid configuration: DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds (got "1.5")',
    ],
  ])('stops on %j with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});

describe('loadConfig: MUSIC_DIR', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-music-'));
    made.push(dir);
    return dir;
  };

  it('is no folders when unset or empty', () => {
    expect(loadConfig({}).musicFolders).toEqual([]);
    expect(loadConfig({ MUSIC_DIR: '' }).musicFolders).toEqual([]);
  });

  it('reads several folders separated by the path delimiter, once each, as absolute paths', () => {
    const [first, second] = [folder(), folder()];
    const relative = path.relative(process.cwd(), second);
    const value = [first, relative, first, ''].join(path.delimiter);
    expect(loadConfig({ MUSIC_DIR: value }).musicFolders).toEqual([first, second]);
  });

  it('stops on a folder that does not exist, or a file, naming it', () => {
    const missing = path.join(folder(), 'not-there');
    expect(() => loadConfig({ MUSIC_DIR: missing })).toThrow(
      new ConfigError(
        `Invalid configuration: MUSIC_DIR names ${missing}, which is not a folder (got "${missing}")`,
      ),
    );
    const file = path.join(folder(), 'song.mp3');
    fs.writeFileSync(file, 'x');
    expect(() => loadConfig({ MUSIC_DIR: file })).toThrow(/MUSIC_DIR names .*song\.mp3, which/);
  });

  it('stops on a folder inside another, whose files would be scanned twice', () => {
    const outer = folder();
    const inner = path.join(outer, 'Rock');
    fs.mkdirSync(inner);
    expect(() => loadConfig({ MUSIC_DIR: [outer, inner].join(path.delimiter) })).toThrow(
      /MUSIC_DIR names .*Rock, which is inside /,
    );
  });
});

describe('loadConfig: media storage', () => {
  const s3 = {
    STORAGE: 's3',
    S3_BUCKET: 'cadenza-media',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps media on the local disk by default, served by the server', () => {
    expect(loadConfig({})).toMatchObject({
      storage: 'local',
      s3: undefined,
      mediaDelivery: 'proxy',
    });
  });

  it('reads the bucket, redirecting to it unless told to proxy', () => {
    expect(loadConfig(s3)).toMatchObject({
      storage: 's3',
      mediaDelivery: 'redirect',
      s3: {
        endpoint: undefined,
        bucket: 'cadenza-media',
        region: 'us-east-1',
        accessKeyId: 'key-id',
        secretAccessKey: 'secret',
        forcePathStyle: false,
      },
    });
    const minio = loadConfig({
      ...s3,
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_DELIVERY: 'proxy',
    });
    expect(minio.mediaDelivery).toBe('proxy');
    expect(minio.s3).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'auto',
      forcePathStyle: true,
    });
  });

  it('hands local media to nginx with MEDIA_DELIVERY=accel, under its internal prefix', () => {
    expect(loadConfig({ MEDIA_DELIVERY: 'accel' })).toMatchObject({
      storage: 'local',
      mediaDelivery: 'accel',
      mediaAccelPrefix: '/internal-media/',
    });
    expect(
      loadConfig({ MEDIA_DELIVERY: 'accel', MEDIA_ACCEL_PREFIX: '/protected/media/' }),
    ).toMatchObject({ mediaAccelPrefix: '/protected/media/' });
  });

  it('knows the bucket with local storage too, for copying the library into it', () => {
    const { STORAGE: _storage, ...bucketOnly } = s3;
    expect(loadConfig(bucketOnly)).toMatchObject({
      storage: 'local',
      s3: { bucket: 'cadenza-media' },
    });
  });

  it.each([
    [{ STORAGE: 'ftp' }, 'STORAGE must be local or s3 (got "ftp")'],
    [{ STORAGE: 's3' }, 'S3_BUCKET is required when STORAGE is s3'],
    [{ ...s3, S3_ACCESS_KEY_ID: '' }, 'S3_ACCESS_KEY_ID is required when STORAGE is s3'],
    [
      { ...s3, S3_SECRET_ACCESS_KEY: undefined },
      'S3_SECRET_ACCESS_KEY is required when STORAGE is s3',
    ],
    [{ S3_BUCKET: 'media' }, 'S3_ACCESS_KEY_ID is required when S3_BUCKET is set'],
    [
      { ...s3, S3_BUCKET: 'Not_A_Bucket' },
      'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, dashes) (got "Not_A_Bucket")',
    ],
    [{ ...s3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) URL (got "minio:9000")'],
    [
      { ...s3, S3_FORCE_PATH_STYLE: 'maybe' },
      'S3_FORCE_PATH_STYLE must be true or false (got "maybe")',
    ],
    [
      { ...s3, MEDIA_DELIVERY: 'cdn' },
      'MEDIA_DELIVERY must be redirect, proxy or accel (got "cdn")',
    ],
    [
      { ...s3, MEDIA_DELIVERY: 'accel' },
      'MEDIA_DELIVERY can be accel only when STORAGE is local (nginx serves files from DATA_DIR/media; use redirect or proxy with a bucket) (got "accel")',
    ],
    [
      { MEDIA_DELIVERY: 'accel', MEDIA_ACCEL_PREFIX: 'internal-media' },
      'MEDIA_ACCEL_PREFIX must be a URL path that starts and ends with a slash, such as /internal-media/ (got "internal-media")',
    ],
    [
      { MEDIA_DELIVERY: 'redirect' },
      'MEDIA_DELIVERY can be redirect only when STORAGE is s3 (local media is served by the server) (got "redirect")',
    ],
  ])('stops on %j with one clear line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(`Invalid configuration: ${message}`));
  });
});

describe('loadConfig: single sign-on', () => {
  const oidc = {
    OIDC_ISSUER: 'https://id.example.com/',
    OIDC_CLIENT_ID: 'cadenza',
    OIDC_CLIENT_SECRET: 'a-client-secret-nobody-may-read',
  };

  it('is off unless OIDC_ISSUER and AUTH_PROXY_HEADER are set', () => {
    expect(loadConfig({})).toMatchObject({ oidc: undefined, authProxyHeader: undefined });
  });

  it('reads the provider, its client, the admin claim and the button', () => {
    const config = loadConfig({
      ...oidc,
      OIDC_ADMIN_CLAIM: 'groups',
      OIDC_ADMIN_VALUE: 'admins',
      OIDC_BUTTON_TEXT: 'Sign in with Example',
      AUTH_PROXY_HEADER: 'Remote-Email',
      TRUST_PROXY: '10.0.0.1',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'cadenza',
      clientSecret: 'a-client-secret-nobody-may-read',
      adminClaim: 'groups',
      adminValue: 'admins',
      buttonText: 'Sign in with Example',
    });
    expect(config.authProxyHeader).toBe('remote-email');
    expect(loadConfig(oidc).oidc?.buttonText).toBe('Sign in with single sign-on');
  });

  it.each([
    [
      { OIDC_ISSUER: 'https://id.example.com' },
      'OIDC_CLIENT_ID is required when OIDC_ISSUER is set',
    ],
    [
      { ...oidc, OIDC_CLIENT_SECRET: undefined },
      'OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set',
    ],
    [
      { ...oidc, OIDC_ADMIN_CLAIM: 'groups' },
      'OIDC_ADMIN_VALUE is required when OIDC_ADMIN_CLAIM is set',
    ],
    [
      { AUTH_PROXY_HEADER: 'Remote-Email' },
      'TRUST_PROXY is required when AUTH_PROXY_HEADER is set (the header is believed only from them)',
    ],
  ])('stops on %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(`Invalid configuration: ${message}`));
  });

  it('never repeats the client secret in an error', () => {
    let message = '';
    try {
      loadConfig({ ...oidc, OIDC_ISSUER: 'not a url' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: OIDC_ISSUER must be an http\(s\) URL/);
    expect(message).not.toContain(oidc.OIDC_CLIENT_SECRET);
  });
});

describe('loadConfig: secrets in its errors', () => {
  it.each([
    ['JWT_SECRET', { JWT_SECRET: 'hunter2-too-short' }, 'hunter2-too-short'],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'pw1' }, 'pw1'],
    ['SMTP_URL', { SMTP_URL: 'smtp//mailer:mail-pass-9@smtp.example.com' }, 'mail-pass-9'],
    ['SMTP_URL', { SMTP_URL: 'http://mailer:mail-pass-9@smtp.example.com' }, 'mail-pass-9'],
    ['DATABASE_URL', { DATABASE_URL: 'postgres//cadenza:db-pass-1@db/x' }, 'db-pass-1'],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/x?password=db-pass-2' }, 'db-pass-2'],
    ['REDIS_URL', { REDIS_URL: 'http://:redis-pass-3@cache:6379' }, 'redis-pass-3'],
  ])('names %s and its rule, never a secret value', (variable, env, secret) => {
    let message = '';
    try {
      loadConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable} \\w`));
    expect(message).not.toContain(secret);
  });

  it.each(['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'GEMINI_API_KEY', 'OIDC_CLIENT_SECRET'])(
    'would never show a value of %s, which has no rule of its own today',
    (variable) => {
      expect(shownConfigValue(variable, 'a-key-value')).toBe('');
      expect(shownConfigValue('CHAT_PROVIDER', 'claude')).toBe(' (got "claude")');
    },
  );

  it('shows a URL without its credentials', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://cadenza:db-pass@db:3306/x' })).toThrow(
      new ConfigError(
        'Invalid configuration: DATABASE_URL must be a postgres:// connection URL (got "mysql://db:3306/x")',
      ),
    );
  });

  describe('ffmpeg', () => {
    const tmp: string[] = [];
    afterEach(() => {
      for (const dir of tmp.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    });
    /** A folder holding an executable `ffmpeg` (a script; only its place is read here). */
    const folderWithFfmpeg = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bin-'));
      tmp.push(dir);
      fs.writeFileSync(path.join(dir, 'ffmpeg'), '#!/bin/sh\n', { mode: 0o755 });
      return dir;
    };

    it('finds ffmpeg on the PATH, prefers FFMPEG_PATH, and has none without either', () => {
      const dir = folderWithFfmpeg();
      expect(loadConfig({ PATH: ['/nowhere', dir].join(path.delimiter) }).ffmpegPath).toBe(
        path.join(dir, 'ffmpeg'),
      );
      const other = folderWithFfmpeg();
      expect(loadConfig({ PATH: dir, FFMPEG_PATH: path.join(other, 'ffmpeg') }).ffmpegPath).toBe(
        path.join(other, 'ffmpeg'),
      );
      expect(loadConfig({ PATH: '' }).ffmpegPath).toBeNull();
      expect(loadConfig({}).ffmpegPath).toBeNull();
    });

    it('refuses an FFMPEG_PATH that names no executable file', () => {
      const dir = folderWithFfmpeg();
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a program');
      for (const file of [path.join(dir, 'missing'), dir, path.join(dir, 'notes.txt')]) {
        expect(() => loadConfig({ FFMPEG_PATH: file })).toThrow(
          `Invalid configuration: FFMPEG_PATH names ${file}, which is not an executable file`,
        );
      }
    });

    it('keeps a gigabyte of finished transcodes unless told, none with 0', () => {
      expect(loadConfig({}).transcodeCacheBytes).toBe(1024 * 1024 * 1024);
      expect(loadConfig({ TRANSCODE_CACHE_MB: '0' }).transcodeCacheBytes).toBe(0);
      expect(loadConfig({ TRANSCODE_CACHE_MB: '5' }).transcodeCacheBytes).toBe(5 * 1024 * 1024);
      expect(() => loadConfig({ TRANSCODE_CACHE_MB: '-1' })).toThrow(
        'TRANSCODE_CACHE_MB must be a whole number of megabytes (0 turns the cache off)',
      );
    });

    it('runs as many transcodes at once as there are CPUs unless told', () => {
      expect(loadConfig({}).transcodeConcurrency).toBe(os.availableParallelism());
      expect(loadConfig({ TRANSCODE_CONCURRENCY: '3' }).transcodeConcurrency).toBe(3);
      for (const value of ['0', '257', 'many', '1.5']) {
        expect(() => loadConfig({ TRANSCODE_CONCURRENCY: value })).toThrow(
          'TRANSCODE_CONCURRENCY must be a whole number between 1 and 256',
        );
      }
    });
  });
});

describe('configurationRecord', () => {
  it('lists the variables set, in the order the configuration reads them, secrets marked', () => {
    expect(
      configurationRecord({
        DATABASE_URL: 'postgres://cadenza:hunter2@db.example:5432/cadenza',
        DATA_DIR: '/var/lib/cadenza',
        JWT_SECRET: 'a-signing-secret-of-forty-characters-xx',
        S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI',
        REDIS_URL: 'redis://cache:6379',
        PORT: '',
        SOMETHING_ELSE: 'not ours',
      }),
    ).toEqual([
      'DATA_DIR=/var/lib/cadenza',
      'DATABASE_URL=postgres://db.example:5432/cadenza',
      'REDIS_URL=redis://cache:6379',
      'JWT_SECRET=(secret, not kept)',
      'S3_SECRET_ACCESS_KEY=(secret, not kept)',
    ]);
  });
});
