import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { verifyPassword } from '../auth/passwords';

interface Seeded {
  _id: string;
  name: string;
  email: string;
}

let t: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp({ env: { ENABLE_SEED_USERS: 'true' } });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

function seed(payload?: unknown, headers: Record<string, string> = admin.headers) {
  return t.app.inject({
    method: 'POST',
    url: '/api/general/seed/users',
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function seededCount(payload?: unknown): Promise<number> {
  const res = await seed(payload);
  expect(res.statusCode).toBe(201);
  return res.json().data.count;
}

describe('POST /api/general/seed/users', () => {
  it('creates realistic test users with the role user and answers who they are', async () => {
    const res = await seed({ count: 3 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Created 3 test users.',
      data: {
        count: 3,
        users: [
          { _id: expect.any(String), name: expect.any(String), email: expect.any(String) },
          { _id: expect.any(String), name: expect.any(String), email: expect.any(String) },
          { _id: expect.any(String), name: expect.any(String), email: expect.any(String) },
        ],
      },
    });
    expect(res.body).not.toMatch(/password/i);
    for (const user of body.data.users as Seeded[]) {
      expect(user.name).toMatch(/^\p{Lu}\p{Ll}+ (\p{Lu}\. )?\p{Lu}\p{Ll}+$/u);
      expect(user.email).toMatch(/^[a-z]+\.[a-z]+\.\d{4}@example\.com$/);
    }
    const rows = await t.database.db
      .selectFrom('users')
      .select(['id', 'role', 'password_hash'])
      .where(
        'id',
        'in',
        (body.data.users as Seeded[]).map((user) => user._id),
      )
      .execute();
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.role)).toEqual(['user', 'user', 'user']);
    // Each has its own random password: none of the obvious guesses opens any of them.
    expect(new Set(rows.map((row) => row.password_hash)).size).toBe(3);
    for (const row of rows) {
      for (const guess of ['password', '123456', 'password123', row.id]) {
        expect(await verifyPassword(row.password_hash, guess)).toBe(false);
      }
    }
  });

  it('says "user" for a single one', async () => {
    expect((await seed({ count: 1 })).json().message).toBe('Created 1 test user.');
  });

  it.each([
    [{ count: 0 }, 1],
    [{ count: -5 }, 1],
    [{ count: 'abc' }, 1],
    [{ count: '' }, 1],
    [{ count: '7' }, 7],
    [{ count: 2.9 }, 2],
    [{ count: null }, 10],
    [{}, 10],
    [undefined, 10],
  ])('clamps %j to %i users', async (payload, expected) => {
    expect(await seededCount(payload)).toBe(expected);
  });

  it('clamps 500 to 100 users, all with unique names and e-mails', async () => {
    const res = await seed({ count: 500 });
    expect(res.statusCode).toBe(201);
    const users = res.json().data.users as Seeded[];
    expect(users).toHaveLength(100);
    expect(new Set(users.map((user) => user.name)).size).toBe(100);
    expect(new Set(users.map((user) => user.email)).size).toBe(100);
  });

  it('never reuses a name or e-mail of an existing account', async () => {
    const all = await t.database.db.selectFrom('users').select(['name', 'email']).execute();
    expect(new Set(all.map((user) => user.email)).size).toBe(all.length);
    expect(new Set(all.map((user) => user.name)).size).toBe(all.length);
  });

  it('answers 400 to a count that is neither a number nor text', async () => {
    const res = await seed({ count: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Count must be a number' });
  });

  it('is 401 for a visitor and 403 for a listener', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/general/seed/users',
      payload: { count: 1 },
    });
    expect(visitor.statusCode).toBe(401);
    const listener = await createUser(t);
    const res = await seed({ count: 1 }, listener.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 'admins_only',
      message: 'Administrators only.',
    });
  });
});

describe('POST /api/general/seed/users when seeding is disabled', () => {
  let disabled: TestApp;
  beforeAll(async () => {
    disabled = await createTestApp();
  });
  afterAll(() => disabled.close());

  it('answers 403 saying so to an admin, whatever the body, and creates nobody', async () => {
    const boss = await createAdmin(disabled);
    for (const payload of [{ count: 5 }, { count: true }]) {
      const res = await disabled.app.inject({
        method: 'POST',
        url: '/api/general/seed/users',
        headers: boss.headers,
        payload,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 'seeding_disabled',
        message: 'Seeding test users is disabled on this server.',
      });
    }
    const users = await disabled.database.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it('still answers 401 to a visitor and 403 "Administrators only." to a listener', async () => {
    const visitor = await disabled.app.inject({
      method: 'POST',
      url: '/api/general/seed/users',
      payload: { count: 1 },
    });
    expect(visitor.statusCode).toBe(401);
    const listener = await createUser(disabled);
    const res = await disabled.app.inject({
      method: 'POST',
      url: '/api/general/seed/users',
      headers: listener.headers,
      payload: { count: 1 },
    });
    expect(res.json()).toEqual({
      success: false,
      code: 'admins_only',
      message: 'Administrators only.',
    });
  });
});
