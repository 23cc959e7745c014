import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin, createUser } from '../../../test/factories';
import { resetPassword, resetTokenFor, sessionReads, StatementLog } from '../../../test/sessions';
import { onPostgres, onSqlite } from '../../../test/dialects';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * A session checked once is remembered by its node (one node on SQLite), so that the requests
 * after it cost no database read; whatever ends a session ends the remembered one at once.
 */

const statements = new StatementLog();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ onQuery: statements.onQuery });
});
afterAll(() => t.close());

const savedSongs = (headers: Record<string, string>) =>
  t.app.inject({ url: '/api/user/songs/saved', headers });
const status = async (headers: Record<string, string>) => (await savedSongs(headers)).statusCode;

onSqlite.describe('sessions on one node', () => {
  it('cost one read for the first request and none for the next ones', async () => {
    const { headers } = await createUser(t);

    const first = await statements.during(() => savedSongs(headers));
    const second = await statements.during(() => savedSongs(headers));
    const third = await statements.during(() => savedSongs(headers));

    expect(sessionReads(first)).toHaveLength(1);
    expect(sessionReads(second)).toEqual([]);
    expect(sessionReads(third)).toEqual([]);
  });

  it('end at once with a logout, which leaves the same user on another device signed in', async () => {
    const { headers, user, password } = await createUser(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    const laptop = { authorization: `Bearer ${login.json().token as string}` };
    expect(await status(headers)).toBe(200);
    expect(await status(laptop)).toBe(200);

    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

    expect(await status(headers)).toBe(401);
    expect(await status(laptop)).toBe(200);
  });

  it('end at once when the account is deleted', async () => {
    const { headers, user } = await createUser(t);
    const admin = await createAdmin(t);
    expect(await status(headers)).toBe(200);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user._id}`,
      headers: admin.headers,
    });

    expect(deleted.statusCode).toBe(200);
    expect(await status(headers)).toBe(401);
  });

  it('all end at once when the password is reset, and the new session works', async () => {
    const { headers, user } = await createUser(t);
    expect(await status(headers)).toBe(200);

    const reset = await resetPassword(t, await resetTokenFor(t, user._id));

    expect(reset.statusCode).toBe(200);
    expect(await status(headers)).toBe(401);
    expect(await status({ authorization: `Bearer ${reset.json().token as string}` })).toBe(200);
  });
});

onPostgres.describe('sessions on PostgreSQL without Redis', () => {
  it('cost one read for the first request and none for the next ones, since every node hears of each change', async () => {
    const { headers } = await createUser(t);

    const first = await statements.during(() => savedSongs(headers));
    const second = await statements.during(() => savedSongs(headers));

    // One read for both the user and the session.
    expect(sessionReads(first)).toHaveLength(1);
    expect(sessionReads(second)).toEqual([]);
  });

  it('end at once with a logout', async () => {
    const { headers } = await createUser(t);
    expect(await status(headers)).toBe(200);

    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

    expect(await status(headers)).toBe(401);
  });
});
