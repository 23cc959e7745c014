import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildServer, type AppOptions } from '../src/app';
import type { Services } from '../src/composition';
import { loadConfig, type Config } from '../src/config';
import { ASSETS_DIR, createContainer, type Container } from '../src/container';
import { migrateToLatest, type DatabaseHandle } from '../src/db/database';
import { OutboxMailer } from '../src/mail/mailer';
import type { PasswordHasher } from '../src/modules/auth/passwords';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../src/rate-limits';
import type { LibraryObjectStore } from '../src/storage/library-object-store';
import type { LocalDiskObjectStore } from '../src/storage/local-disk-object-store';

/** `TEST_DATABASE_URL` selects PostgreSQL; the test runner sets it for the second pass. */
export const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
export const testDialect = postgresUrl ? 'postgres' : 'sqlite';

/** The bundled assets (default images, demo library): apps/server/assets. */
export { ASSETS_DIR };

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Generous limits so that ordinary tests never trip them; rate-limit tests pass their own. */
const RELAXED_LIMITS: RateLimits = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: 1000, windowMs: 60_000 }]),
) as unknown as RateLimits;

export interface TestApp {
  readonly app: FastifyInstance;
  readonly container: Container;
  /** The services the app's routes were registered over (composition.ts). */
  readonly services: Services;
  readonly config: Config;
  readonly database: DatabaseHandle;
  /** The PostgreSQL schema of this app's tables (none on SQLite). */
  readonly postgresSchema: string | undefined;
  readonly dataDir: string;
  readonly outboxDir: string;
  /** The local media store (in `container.objects`): files under `blobs.root`; not with S3. */
  readonly blobs: LocalDiskObjectStore;
  close(): Promise<void>;
}

export interface TestAppOptions {
  readonly env?: Record<string, string>;
  readonly rateLimits?: Partial<RateLimits>;
  readonly webRoot?: string | null;
  /** SQLite whatever TEST_DATABASE_URL says, waiting this long for another process's lock. */
  readonly sqlite?: { readonly busyTimeoutMs: number };
  readonly passwords?: PasswordHasher;
  /**
   * A second server node on the database and data dir of this one (it drops neither when it
   * closes), as another process behind the same load balancer would be.
   */
  readonly nodeOf?: TestApp;
  /** The app's log lines (JSON, level `logLevel`, info unless said), otherwise silenced. */
  readonly logStream?: { write(line: string): void };
  readonly logLevel?: 'info' | 'debug' | 'trace';
  /** Hears the SQL of every statement this node runs. */
  readonly onQuery?: (sql: string) => void;
  /** The time account rules are measured by (see `container.clock`). */
  readonly clock?: () => Date;
  /**
   * A data folder (and on PostgreSQL a schema) made elsewhere, a restored backup's, rather than
   * fresh ones; the app removes them when it closes all the same.
   */
  readonly existing?: { readonly dataDir: string; readonly postgresSchema?: string };
}

/** A fresh schema in the test database, and how to drop it. */
export async function createPostgresSchema(
  url: string,
): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return adoptedSchema(url, schema);
}

/** A schema made elsewhere, and how to drop it like a fresh one. */
export function adoptedSchema(
  url: string,
  schema: string,
): { schema: string; drop(): Promise<void> } {
  return {
    schema,
    async drop() {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    },
  };
}

/** A whole server on a fresh database (own SQLite file, or own PostgreSQL schema) and data dir. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  if (options.nodeOf) return createTestNode(options.nodeOf, options);
  const dataDir =
    options.existing?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://cadenza.test',
    ...(postgresUrl && !options.sqlite
      ? { DATABASE_URL: postgresUrl, JWT_SECRET: TEST_JWT_SECRET }
      : {}),
    ...options.env,
  });
  const pgSchema = !config.databaseUrl
    ? null
    : options.existing?.postgresSchema
      ? adoptedSchema(config.databaseUrl, options.existing.postgresSchema)
      : await createPostgresSchema(config.databaseUrl);
  const container = createContainer(config, {
    jwtSecret: TEST_JWT_SECRET,
    ...(pgSchema ? { postgresSchema: pgSchema.schema } : {}),
    rateLimits: { ...RELAXED_LIMITS, ...options.rateLimits },
    mailer: new OutboxMailer(path.join(dataDir, 'outbox'), config.mailFrom),
    ...(options.sqlite ? { sqliteBusyTimeoutMs: options.sqlite.busyTimeoutMs } : {}),
    ...(options.passwords ? { passwords: options.passwords } : {}),
    ...(options.onQuery ? { onQuery: options.onQuery } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const { database } = container;
  await migrateToLatest(database.db, pgSchema?.schema);
  const { app, services } = await buildServer(container, appOptions(options));
  await app.ready();
  return {
    app,
    container,
    services,
    config,
    database,
    postgresSchema: pgSchema?.schema,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    blobs: (container.objects as LibraryObjectStore).media as LocalDiskObjectStore,
    async close() {
      await app.close();
      await container.close();
      await pgSchema?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function appOptions(options: TestAppOptions): AppOptions {
  return {
    webRoot: options.webRoot ?? null,
    logger: options.logStream
      ? { level: options.logLevel ?? 'info', stream: options.logStream }
      : false,
  };
}

async function createTestNode(first: TestApp, options: TestAppOptions): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: first.dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://cadenza.test',
    ...(first.config.databaseUrl
      ? { DATABASE_URL: first.config.databaseUrl, JWT_SECRET: TEST_JWT_SECRET }
      : {}),
    ...options.env,
  });
  const container = createContainer(config, {
    jwtSecret: TEST_JWT_SECRET,
    ...(first.postgresSchema ? { postgresSchema: first.postgresSchema } : {}),
    rateLimits: { ...RELAXED_LIMITS, ...options.rateLimits },
    mailer: new OutboxMailer(first.outboxDir, config.mailFrom),
    ...(options.passwords ? { passwords: options.passwords } : {}),
    ...(options.onQuery ? { onQuery: options.onQuery } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const { app, services } = await buildServer(container, appOptions(options));
  await app.ready();
  return {
    ...first,
    app,
    container,
    services,
    config,
    database: container.database,
    blobs: container.objects as LocalDiskObjectStore,
    async close() {
      await app.close();
      await container.close();
    },
  };
}
