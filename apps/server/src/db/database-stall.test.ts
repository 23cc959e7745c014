import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaylist, createUser, type CreatedUser } from '../../test/factories';
import {
  findPostgresBinaries,
  startPostgresCluster,
  type PostgresCluster,
} from '../../test/postgres-cluster';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/test-app';
import { isDatabaseUnavailable } from './errors';

/**
 * A PostgreSQL server that stops answering without closing anything (SIGSTOP to every process
 * of it, as a frozen machine or a hung disk does) for half a minute while requests flow: each is
 * answered, 503 with Retry-After at worst, within the statement limit and a second, and the node
 * serves again once the server runs again. Skipped only where PostgreSQL's binaries are missing, never in CI.
 */
const binaries = findPostgresBinaries();
const ci = process.env.CI === 'true' || process.env.CI === '1';
const STATEMENT_TIMEOUT_MS = 2000;
/** Every answer must come within the limit and this much more. */
const SLACK_MS = 1000;
/**
 * How long the server stays stopped: half a minute, many times the limit, so that fresh
 * connections stall too and every connection of the pool meets the stall more than once.
 */
const STALL_MS = 30_000;
/** Fewer than the pool's 10 connections, and more than one kind of request. */
const WORKERS = 6;

interface Answer {
  readonly url: string;
  readonly status: number;
  readonly code: unknown;
  readonly retryAfter: string | undefined;
  readonly ms: number;
}

let cluster: PostgresCluster;
let t: TestApp;
let listener: CreatedUser;

async function ask(url: string): Promise<Answer> {
  const started = performance.now();
  const res = await t.app.inject({ url, headers: listener.headers });
  const retryAfter = res.headers['retry-after'];
  return {
    url,
    status: res.statusCode,
    code: res.statusCode === 200 ? null : res.json<{ code?: unknown }>().code,
    retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
    ms: performance.now() - started,
  };
}

describe.skipIf(!binaries && !ci)('the server while PostgreSQL is stalled', () => {
  beforeAll(async () => {
    if (!binaries) throw new Error('initdb and pg_ctl are needed: install PostgreSQL');
    cluster = await startPostgresCluster(binaries);
    t = await createTestApp({
      env: {
        DATABASE_URL: cluster.url,
        JWT_SECRET: TEST_JWT_SECRET,
        DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      },
    });
    listener = await createUser(t);
    await createPlaylist(t, listener);
  }, 60_000);

  afterAll(async () => {
    cluster?.resume();
    await t?.close();
    await cluster?.destroy();
  }, 60_000);

  it('answers every request within the limit while stopped, and serves again once resumed', async () => {
    // Both read the database on every request (PostgreSQL keeps no session cache).
    const urls = ['/api/user/playlists', '/api/user/profile'];
    for (const url of urls) expect((await ask(url)).status).toBe(200);

    const answers: Answer[] = [];
    let running = true;
    const workers = Array.from({ length: WORKERS }, async (_, index) => {
      const url = urls[index % urls.length] ?? urls[0]!;
      while (running) {
        answers.push(await ask(url));
        // inject answers a cached page without any I/O: let the timers run between requests.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    let stalled: Answer[] = [];
    try {
      cluster.pause();
      const pausedAt = answers.length;
      await new Promise((resolve) => setTimeout(resolve, STALL_MS));
      stalled = answers.slice(pausedAt);
    } finally {
      cluster.resume();
    }
    running = false;
    await Promise.all(workers);

    // The stall was seen: requests failed as an outage, not as a bug or a bad request.
    const failed = answers.filter((answer) => answer.status !== 200);
    expect(stalled.filter((answer) => answer.status === 503).length).toBeGreaterThanOrEqual(
      WORKERS,
    );
    for (const answer of failed) {
      expect(answer).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    expect(slowest).toBeLessThan(STATEMENT_TIMEOUT_MS + SLACK_MS);

    // Resumed: the pool was not left holding dead connections, and every kind of request works.
    let recovered: Answer[] = [];
    const resumedAt = Date.now();
    while (Date.now() - resumedAt < 10_000) {
      recovered = await Promise.all(
        Array.from({ length: 12 }, (_, index) => ask(urls[index % urls.length] ?? urls[0]!)),
      );
      if (recovered.every((answer) => answer.status === 200)) break;
    }
    expect(recovered.map((answer) => answer.status)).toEqual(Array(12).fill(200));
  }, 90_000); // the stall, then time to start and to recover

  it('stops a statement of a request at the limit, and lets long work run past it', async () => {
    const pause = sql`select pg_sleep(${(STATEMENT_TIMEOUT_MS + 500) / 1000})`;
    const error: unknown = await pause.execute(t.database.db).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: '57014' }); // query_canceled by statement_timeout
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The pool still answers: the cancelled statement left its connection usable.
    expect((await sql`select 1 as one`.execute(t.database.db)).rows).toEqual([{ one: 1 }]);
    await expect(pause.execute(t.database.longWork)).resolves.toBeDefined();
  }, 30_000);
});
