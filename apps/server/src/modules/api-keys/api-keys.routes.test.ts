import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_API_KEYS_PER_USER } from '@cadenza/contract/api-keys';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: CreatedUser;
let other: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  other = await createUser(t);
});
afterAll(() => t.close());

const create = (user: CreatedUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: user.headers, payload });
const list = (user: CreatedUser) =>
  t.app.inject({ url: '/api/user/api-keys', headers: user.headers });

describe('API keys', () => {
  it('shows a new key once, then lists it without the key', async () => {
    const res = await create(owner, { name: '  Phone  ' });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(Object.keys(created).sort()).toEqual(['createdAt', 'id', 'key', 'name']);
    expect(created.name).toBe('Phone');
    expect(created.key).toMatch(/^cz_[A-Za-z0-9_-]{43}$/);

    const listed = await list(owner);
    expect(listed.statusCode).toBe(200);
    const entry = listed.json().data.find((key: { id: string }) => key.id === created.id);
    expect(entry).toEqual({
      id: created.id,
      name: 'Phone',
      createdAt: created.createdAt,
      lastUsedAt: null,
    });
    expect(listed.body).not.toContain(created.key);
  });

  it('keeps the key only hashed and sealed, never in clear', async () => {
    const { key, id } = (await create(owner, { name: 'Tablet' })).json().data;
    const row = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key.slice(3));
    expect(row.key_hash).not.toBe(key);
  });

  it('refuses a blank or too long name with a message', async () => {
    const blank = await create(owner, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'invalid_input' });
    expect((await create(owner, { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await create(owner, {})).statusCode).toBe(400);
  });

  it('lists only the caller’s keys, and revokes only their own', async () => {
    const mine = (await create(owner, { name: 'Desktop' })).json().data;
    const theirs = (await create(other, { name: 'Theirs' })).json().data;
    const ownList = (await list(owner)).json().data.map((key: { id: string }) => key.id);
    expect(ownList).toContain(mine.id);
    expect(ownList).not.toContain(theirs.id);

    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/api-keys/${theirs.id}`,
      headers: owner.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'api_key_not_found' });

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/api-keys/${mine.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(200);
    const after = (await list(owner)).json().data.map((key: { id: string }) => key.id);
    expect(after).not.toContain(mine.id);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/api-keys/${mine.id}`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a malformed id with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/api-keys/not-an-id',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(400);
  });

  it('holds at most the allowed number of keys per account', async () => {
    const holder = await createUser(t);
    for (let index = 0; index < MAX_API_KEYS_PER_USER; index += 1) {
      expect((await create(holder, { name: `Key ${index}` })).statusCode).toBe(201);
    }
    const over = await create(holder, { name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'too_many_api_keys' });
  });
});
