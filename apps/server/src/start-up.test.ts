import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { onPostgres } from '../test/dialects';
import { createPostgresSchema, postgresUrl, TEST_JWT_SECRET } from '../test/test-app';
import { buildServer } from './app';
import { loadConfig } from './config';
import { createContainer, type Container } from './container';
import { migrations } from './db/migrations/all';
import { readDemoManifest } from './modules/songs/demo-library';
import { prepareDatabase } from './start-up';

const ADMIN_EMAIL = 'first-admin@cadenza.test';

interface Node {
  readonly container: Container;
  readonly app: FastifyInstance;
}

let cleanUp: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanUp.reverse()) await step();
  cleanUp = [];
});

/** A server node as main.ts starts one, on the shared database and data dir. */
async function startNode(env: Record<string, string>, postgresSchema?: string) {
  const container = createContainer(loadConfig(env), {
    jwtSecret: TEST_JWT_SECRET,
    ...(postgresSchema ? { postgresSchema } : {}),
  });
  const { app, services } = await buildServer(container, { webRoot: null, logger: false });
  cleanUp.push(async () => {
    await app.close();
    await container.close();
  });
  const admin = await prepareDatabase(container, services.startUp, app.log);
  await app.ready();
  return { node: { container, app } satisfies Node, admin };
}

function sharedEnvironment(): Record<string, string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-nodes-'));
  cleanUp.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL,
    ...(postgresUrl ? { DATABASE_URL: postgresUrl, JWT_SECRET: TEST_JWT_SECRET } : {}),
  };
}

async function adminCount(node: Node): Promise<number> {
  const row = await node.container.database.db
    .selectFrom('users')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function songCount(node: Node): Promise<number> {
  const row = await node.container.database.db
    .selectFrom('songs')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function demoSongCount(node: Node): Promise<number> {
  return (await readDemoManifest(node.container.demoLibraryDir))?.length ?? 0;
}

onPostgres.describe('ten nodes starting on one fresh PostgreSQL database', () => {
  it('migrate, import the demo library and create the first admin once, and all get ready', async () => {
    const schema = await createPostgresSchema(postgresUrl ?? '');
    cleanUp.push(() => schema.drop());
    const env = sharedEnvironment();

    const started = await Promise.all(
      Array.from({ length: 10 }, () => startNode(env, schema.schema)),
    );

    for (const { node } of started) {
      const ready = await node.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
    }
    const [first] = started;
    if (!first) throw new Error('no node started');
    const created = started.filter(({ admin }) => admin !== null);
    expect(created).toHaveLength(1);
    expect(created[0]?.admin?.generatedPassword).toEqual(expect.any(String));
    expect(await adminCount(first.node)).toBe(1);
    expect(await songCount(first.node)).toBe(await demoSongCount(first.node));
    const { rows } = await sql<{
      name: string;
    }>`SELECT name FROM kysely_migration ORDER BY name`.execute(first.node.container.database.db);
    expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
  });
});

describe('a single node starting', () => {
  it('prepares its database once: a restart finds the work done', async () => {
    const env = sharedEnvironment();
    const schema = postgresUrl ? await createPostgresSchema(postgresUrl) : null;
    if (schema) cleanUp.push(() => schema.drop());

    const first = await startNode(env, schema?.schema);
    const again = await startNode(env, schema?.schema);

    expect(first.admin?.email).toBe(ADMIN_EMAIL);
    expect(again.admin).toBeNull();
    expect(await adminCount(again.node)).toBe(1);
    expect(await songCount(again.node)).toBe(await demoSongCount(again.node));
  });
});
