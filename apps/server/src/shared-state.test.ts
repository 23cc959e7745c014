import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmin, createUser } from '../test/factories';
import { freePort } from '../test/postgres-cluster';
import { findRedisServer, startRedisServer, type RedisServer } from '../test/redis-server';
import { resetPassword, resetTokenFor, sessionReads, StatementLog } from '../test/sessions';
import { onPostgres } from '../test/dialects';
import { createTestApp, testDialect, type TestApp } from '../test/test-app';
import type { RateLimits } from './rate-limits';

/**
 * Server nodes behind one load balancer: whatever one of them knows that the others must know
 * too (attempts counted against a limit, logged-out sessions) is shared, through Redis or the
 * database; and a Redis that cannot be reached costs the shared counts, never a request.
 */

const redisServer = findRedisServer();
const ci = process.env.CI === 'true';
const LIMITS: Partial<RateLimits> = {
  loginPerIp: { max: 3, windowMs: 60_000 },
  forgotPassword: { max: 3, windowMs: 60_000 },
};
const CLIENT = '203.0.113.9';

let redis: RedisServer;
const opened: TestApp[] = [];
beforeAll(async () => {
  if (!redisServer) return;
  redis = await startRedisServer(redisServer);
});
afterAll(async () => {
  await redis?.kill();
});
afterEach(async () => {
  for (const app of opened.splice(0).reverse()) await app.close();
});

/** Every line the node logs, parsed. */
type LogLine = { level: number; msg: string };

async function startNode(redisUrl: string, first?: TestApp) {
  const lines: LogLine[] = [];
  const node = await createTestApp({
    ...(first ? { nodeOf: first } : {}),
    // A prefix of this run's own: nothing counted by another run is seen.
    env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:` },
    rateLimits: LIMITS,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
  });
  opened.push(node);
  return { node, warnings: () => lines.filter((line) => line.level === 40), lines };
}

/** Two nodes of one database counting in one Redis (one prefix for both); none without a URL. */
async function startTwoNodes(redisUrl: string | null, statementsOfB?: StatementLog) {
  const prefix = `test-${randomBytes(6).toString('hex')}:`;
  const env: Record<string, string> = redisUrl
    ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }
    : {};
  const a = await createTestApp({ env, rateLimits: LIMITS });
  opened.push(a);
  const b = await createTestApp({
    nodeOf: a,
    env,
    rateLimits: LIMITS,
    ...(statementsOfB ? { onQuery: statementsOfB.onQuery } : {}),
  });
  opened.push(b);
  return [a, b] as const;
}

const savedSongs = (node: TestApp, headers: Record<string, string>) =>
  node.app.inject({ url: '/api/user/songs/saved', headers });

/** Node b checks the session once, then knows it: its next request reads nothing. */
async function rememberedOn(b: TestApp, statements: StatementLog, headers: Record<string, string>) {
  expect((await savedSongs(b, headers)).statusCode).toBe(200);
  const again = await statements.during(async () => {
    expect((await savedSongs(b, headers)).statusCode).toBe(200);
  });
  expect(sessionReads(again)).toEqual([]);
}

async function expectEnded(node: TestApp, headers: Record<string, string>) {
  const res = await savedSongs(node, headers);
  expect(res.statusCode).toBe(401);
  expect(res.json().code).toBe('session_expired');
}

function wrongLogin(node: TestApp) {
  return node.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'nobody@example.com', password: 'not-the-password' },
    remoteAddress: CLIENT,
  });
}

/** A limit counted in Redis (login attempts are counted in the database). */
function forgotPassword(node: TestApp) {
  return node.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'nobody@example.com' },
    remoteAddress: CLIENT,
  });
}

describe.skipIf(!redisServer && !ci)('two server nodes sharing Redis', () => {
  it('count login attempts on either node together', async () => {
    const [a, b] = await startTwoNodes(redis.url);

    expect((await wrongLogin(a)).statusCode).toBe(401);
    expect((await wrongLogin(b)).statusCode).toBe(401);
    expect((await wrongLogin(a)).statusCode).toBe(401);
    const fourth = await wrongLogin(b);

    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('rate_limited');
  });
});

/**
 * How the nodes tell each other of ended sessions: through Redis when it is set, otherwise
 * through PostgreSQL's NOTIFY. Either way each node remembers the sessions it checked.
 */
const sessionTransports = [
  { through: 'Redis', skip: !redisServer && !ci, redisUrl: () => redis.url },
  // NOTIFY is PostgreSQL's own: only in its pass of the suite (test/dialects.ts).
  ...(testDialect === 'postgres'
    ? [{ through: 'PostgreSQL without Redis', skip: false, redisUrl: () => null }]
    : []),
];

describe.each(sessionTransports)(
  'two server nodes told of sessions through $through',
  (transport) => {
    const start = (statements?: StatementLog) => startTwoNodes(transport.redisUrl(), statements);

    it.skipIf(transport.skip)('refuse a session logged out on the other node at once', async () => {
      const [a, b] = await start();
      const { headers } = await createUser(a);
      expect((await b.app.inject({ url: '/api/user/profile', headers })).statusCode).toBe(200);

      const logout = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(logout.statusCode).toBe(200);

      const after = await b.app.inject({ url: '/api/user/profile', headers });
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('session_expired');
    });

    it.skipIf(transport.skip)(
      'remember a session checked once, and forget it when it is logged out on the other node',
      async () => {
        const statements = new StatementLog();
        const [a, b] = await start(statements);
        const { headers } = await createUser(a);
        await rememberedOn(b, statements, headers);

        expect(
          (await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode,
        ).toBe(200);

        await expectEnded(b, headers);
      },
    );

    it.skipIf(transport.skip)(
      'forget every session of an account deleted on the other node',
      async () => {
        const statements = new StatementLog();
        const [a, b] = await start(statements);
        const { headers, user } = await createUser(a);
        const admin = await createAdmin(a);
        await rememberedOn(b, statements, headers);

        const url = `/api/admin/users/${user._id}`;
        const deleted = await a.app.inject({ method: 'DELETE', url, headers: admin.headers });
        expect(deleted.statusCode).toBe(200);

        await expectEnded(b, headers);
      },
    );

    it.skipIf(transport.skip)(
      'forget every session of an account disabled on the other node',
      async () => {
        const statements = new StatementLog();
        const [a, b] = await start(statements);
        const { headers, user } = await createUser(a);
        const admin = await createAdmin(a);
        await rememberedOn(b, statements, headers);

        const disabled = await a.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${user._id}/status`,
          headers: admin.headers,
          payload: { disabled: true },
        });
        expect(disabled.statusCode).toBe(200);

        await expectEnded(b, headers);
      },
    );

    it.skipIf(transport.skip)(
      'refuse the admin routes at once to an administrator demoted on the other node',
      async () => {
        const statements = new StatementLog();
        const [a, b] = await start(statements);
        const demoted = await createAdmin(a);
        const admin = await createAdmin(a);
        const users = () => b.app.inject({ url: '/api/admin/users', headers: demoted.headers });
        expect((await users()).statusCode).toBe(200);

        const changed = await a.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${demoted.user._id}/role`,
          headers: admin.headers,
          payload: { role: 'user' },
        });
        expect(changed.statusCode).toBe(200);

        expect((await users()).statusCode).toBe(403);
      },
    );

    it.skipIf(transport.skip)(
      'forget every session of an account whose password was reset on the other node',
      async () => {
        const statements = new StatementLog();
        const [a, b] = await start(statements);
        const { headers, user } = await createUser(a);
        await rememberedOn(b, statements, headers);

        expect((await resetPassword(a, await resetTokenFor(a, user._id))).statusCode).toBe(200);

        await expectEnded(b, headers);
      },
    );

    it.skipIf(transport.skip)(
      'forget a session signed out from the account page of the other node',
      async () => {
        const statements = new StatementLog();
        const [a, b] = await start(statements);
        const owner = await createUser(a);
        const login = await a.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: owner.user.email, password: owner.password },
        });
        const phone = { authorization: `Bearer ${login.json().token as string}` };
        await rememberedOn(b, statements, phone);
        const listed = await a.app.inject({ url: '/api/user/account/sessions', headers: phone });
        const id = (listed.json().data as { id: string; current: boolean }[]).find(
          (session) => session.current,
        )?.id;

        const url = `/api/user/account/sessions/${id}`;
        const signedOut = await a.app.inject({ method: 'DELETE', url, headers: owner.headers });
        expect(signedOut.statusCode).toBe(200);

        await expectEnded(b, phone);
      },
    );

    it.skipIf(transport.skip)(
      'forget the other sessions of an account whose password was changed on the other node',
      async () => {
        const statements = new StatementLog();
        const [a, b] = await start(statements);
        const owner = await createUser(a);
        const login = await a.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: owner.user.email, password: owner.password },
        });
        const phone = { authorization: `Bearer ${login.json().token as string}` };
        await rememberedOn(b, statements, phone);

        const changed = await a.app.inject({
          method: 'PUT',
          url: '/api/user/account/password',
          headers: owner.headers,
          payload: { currentPassword: owner.password, newPassword: 'a-new-secret-1' },
        });
        expect(changed.statusCode).toBe(200);

        await expectEnded(b, phone);
      },
    );
  },
);

onPostgres.describe('a node on PostgreSQL without Redis', () => {
  it('reads sessions while it does not hear the others, and remembers them again once it does', async () => {
    const statements = new StatementLog();
    const [a, b] = await startTwoNodes(null, statements);
    const { headers } = await createUser(a);
    await rememberedOn(b, statements, headers);

    expect(await killSessionListeners(b)).toBe(2);
    await vi.waitFor(async () => {
      const again = await statements.during(() => savedSongs(b, headers));
      expect(sessionReads(again)).toHaveLength(1);
    });
    // Logged out on A while B may not hear it: B reads, and refuses.
    expect(
      (await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode,
    ).toBe(200);
    await expectEnded(b, headers);

    const other = await createUser(a);
    await vi.waitFor(() => rememberedOn(b, statements, other.headers), { timeout: 10_000 });
  });
});

/** Ends the connections the nodes listen to session changes on, as a database restart would. */
async function killSessionListeners(node: TestApp): Promise<number> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE application_name = 'cadenza sessions ' || md5(${'cadenza:sessions'} || current_schema())
  `.execute(node.database.db);
  return rows.length;
}

describe('two server nodes whose Redis cannot be reached', () => {
  it('read sessions on every request, so that a logout on one holds on the other at once', async () => {
    const statements = new StatementLog();
    const closedPort = await freePort();
    const [a, b] = await startTwoNodes(`redis://127.0.0.1:${closedPort}`, statements);
    const { headers } = await createUser(a);
    expect((await savedSongs(b, headers)).statusCode).toBe(200);
    const again = await statements.during(() => savedSongs(b, headers));
    expect(sessionReads(again)).toHaveLength(1);

    expect(
      (await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode,
    ).toBe(200);

    await expectEnded(b, headers);
  });
});

describe('a node whose Redis cannot be reached', () => {
  it('counts on its own, answers every request, and warns once', async () => {
    const closedPort = await freePort();
    const { node, warnings } = await startNode(`redis://127.0.0.1:${closedPort}`);

    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push((await wrongLogin(node)).statusCode);
    }
    expect((await node.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    expect(answers).toEqual([401, 401, 401, 429, 429]);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]?.msg).toMatch(/^Redis cannot be reached/);
  });
});

describe.skipIf(!redisServer && !ci)('a node whose Redis goes away while it runs', () => {
  it('goes on counting on its own, warns once, and shares the counts again once it is back', async () => {
    const { node, warnings, lines } = await startNode(redis.url);
    expect((await forgotPassword(node)).statusCode).toBe(200);
    expect((await forgotPassword(node)).statusCode).toBe(200);

    await redis.kill();
    // The count starts afresh on this node: three more attempts, then the limit.
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push((await forgotPassword(node)).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    expect(warnings()).toHaveLength(1);

    await redis.start();
    await expect
      .poll(() => lines.some((line) => line.msg.startsWith('Redis reachable again')), {
        timeout: 10_000,
      })
      .toBe(true);
    // An empty Redis: the node counts there again, from nothing.
    expect((await forgotPassword(node)).statusCode).toBe(200);
    expect(warnings()).toHaveLength(1);
  });
});

describe.skipIf(!redisServer && !ci)('login limits while Redis restarts', () => {
  it('never widen: attempts spent on either node before the restart still count after it', async () => {
    const [a, b] = await startTwoNodes(redis.url);
    expect((await wrongLogin(a)).statusCode).toBe(401);
    expect((await wrongLogin(b)).statusCode).toBe(401);

    await redis.kill();
    expect((await wrongLogin(a)).statusCode).toBe(401);
    // While Redis is away, neither node starts a budget of its own.
    expect((await wrongLogin(b)).statusCode).toBe(429);
    await redis.start();

    for (const node of [a, b, a, b]) expect((await wrongLogin(node)).statusCode).toBe(429);
  });
});
