import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDeps } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database';
import { OutboxMailer } from '../src/mail/mailer';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../src/rate-limits';
import { LocalBlobStore } from '../src/storage/local-blob-store';

/** `TEST_DATABASE_URL` selects PostgreSQL; the test runner sets it for the second pass. */
const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
export const testDialect = postgresUrl ? 'postgres' : 'sqlite';

/** The bundled assets (default images, demo library): apps/server/assets. */
export const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets');

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Generous limits so that ordinary tests never trip them; rate-limit tests pass their own. */
const RELAXED_LIMITS: RateLimits = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: 1000, windowMs: 60_000 }]),
) as unknown as RateLimits;

export interface TestApp {
  readonly app: FastifyInstance;
  readonly config: Config;
  readonly database: DatabaseHandle;
  readonly dataDir: string;
  readonly outboxDir: string;
  readonly blobs: LocalBlobStore;
  close(): Promise<void>;
}

export interface TestAppOptions {
  readonly env?: Record<string, string>;
  readonly rateLimits?: Partial<RateLimits>;
  readonly webRoot?: string | null;
  /** SQLite whatever TEST_DATABASE_URL says, waiting this long for another process's lock. */
  readonly sqlite?: { readonly busyTimeoutMs: number };
  readonly passwords?: AppDeps['passwords'];
}

async function createPostgresSchema(
  url: string,
): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://cadenza.test',
    ...options.env,
  });
  const databaseUrl = options.sqlite ? undefined : postgresUrl;
  const pgSchema = databaseUrl ? await createPostgresSchema(databaseUrl) : null;
  const database = openDatabase({
    databaseUrl,
    sqlitePath: path.join(dataDir, 'cadenza.db'),
    ...(pgSchema ? { postgresSchema: pgSchema.schema } : {}),
    ...(options.sqlite ? { sqliteBusyTimeoutMs: options.sqlite.busyTimeoutMs } : {}),
  });
  await migrateToLatest(database.db, pgSchema?.schema);
  const outboxDir = path.join(dataDir, 'outbox');
  const blobs = new LocalBlobStore(path.join(dataDir, 'media'));
  const deps: AppDeps = {
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    mailer: new OutboxMailer(outboxDir, config.mailFrom),
    blobs,
    defaultImagesDir: path.join(ASSETS_DIR, 'defaults'),
    webRoot: options.webRoot ?? null,
    logger: false,
    rateLimits: { ...RELAXED_LIMITS, ...options.rateLimits },
    ...(options.passwords ? { passwords: options.passwords } : {}),
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    outboxDir,
    blobs,
    async close() {
      await app.close();
      await database.close();
      await pgSchema?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
