import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { transactor } from '../../db/transactor';
import { CountersRepository } from '../stats/counters.repository';
import { UsersRepository } from '../users/users.repository';
import { ensureFirstAdmin } from './first-admin';

const silent = { info: () => undefined, warn: () => undefined };
let t: TestApp | undefined;
/** Accounts as the server makes them: an account and its count in one transaction. */
const newAccounts = (app: TestApp) =>
  transactor(app.database.db, (trx) => ({
    users: new UsersRepository(trx),
    counters: new CountersRepository(trx),
  }));
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function login(app: TestApp, email: string, password: string) {
  return app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

describe('first administrator', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD when no admin exists', async () => {
    t = await createTestApp({
      env: { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password' },
    });
    const result = await ensureFirstAdmin(
      t.config,
      newAccounts(t),
      silent,
      t.container.sessionCache,
    );
    expect(result).toEqual({ email: 'boss@example.com', generatedPassword: null });
    const res = await login(t, 'boss@example.com', 'boss-password');
    expect(res.json().user.role).toBe('admin');
  });

  it('gets a generated password, given out once, when none is configured', async () => {
    t = await createTestApp();
    const accounts = newAccounts(t);
    const first = await ensureFirstAdmin(t.config, accounts, silent, t.container.sessionCache);
    expect(first?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await login(t, 'admin@cadenza.local', first?.generatedPassword ?? '')).statusCode).toBe(
      200,
    );
    expect(await ensureFirstAdmin(t.config, accounts, silent, t.container.sessionCache)).toBeNull();
  });

  it('is not created again while an admin exists', async () => {
    t = await createTestApp({
      env: { ADMIN_EMAIL: 'new@example.com', ADMIN_PASSWORD: 'whatever1' },
    });
    await createUser(t, { role: 'admin', email: 'existing@example.com' });
    expect(
      await ensureFirstAdmin(t.config, newAccounts(t), silent, t.container.sessionCache),
    ).toBeNull();
    expect((await login(t, 'new@example.com', 'whatever1')).statusCode).toBe(401);
  });

  it('promotes an existing account with the configured e-mail', async () => {
    t = await createTestApp({
      env: { ADMIN_EMAIL: 'me@example.com', ADMIN_PASSWORD: 'admin-pass' },
    });
    const { headers } = await createUser(t, { email: 'me@example.com' });
    const profile = () => t?.app.inject({ url: '/api/user/profile', headers });
    expect((await profile())?.statusCode).toBe(200);

    await ensureFirstAdmin(t.config, newAccounts(t), silent, t.container.sessionCache);
    expect((await login(t, 'me@example.com', 'admin-pass')).json().user.role).toBe('admin');
    // The sessions of the account as it was end with the new password, even one seen just now.
    expect((await profile())?.statusCode).toBe(401);
  });
});
