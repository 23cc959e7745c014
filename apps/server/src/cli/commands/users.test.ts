import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseEnv, runCadenza } from '../../../test/cli';

/**
 * `cadenza users …` in a process of its own, against the database of a server that runs
 * meanwhile: what the command changes, the server answers at once (on SQLite it sees the file
 * change; on PostgreSQL it hears the command's notice).
 */

let t: TestApp;
let env: Record<string, string>;
beforeEach(async () => {
  t = await createTestApp();
  env = { DATA_DIR: t.dataDir, ...databaseEnv(t) };
});
afterEach(async () => {
  await t.close();
});

const TIMEOUT = { timeout: 60_000 };

function logIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

/** The password in a notice's box: the line that holds nothing else. */
function boxedPassword(stdout: string): string {
  const match = /│ {3}(\S+) +│/u.exec(stdout);
  if (!match?.[1]) throw new Error(`no password in:\n${stdout}`);
  return match[1];
}

describe('cadenza users', () => {
  it(
    'creates an account with a temporary password shown once, which signs in to replace it',
    TIMEOUT,
    async () => {
      const created = await runCadenza(
        ['users', 'create', 'Lea@Example.com', '--name', 'Lea Listener'],
        env,
      );
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      expect(created.stdout).toContain('Created lea@example.com (Lea Listener), a listener.');
      expect(created.stdout).toContain(
        'Temporary password for lea@example.com, shown only this once:',
      );
      const password = boxedPassword(created.stdout);
      expect(password).toHaveLength(16);

      const login = await logIn('lea@example.com', password);
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ passwordChangeRequired: true });

      const listed = await runCadenza(['users', 'list'], env);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(/^EMAIL +NAME +ROLE +STATUS +CREATED +LAST ACTIVE\n/u);
      expect(listed.stdout).toMatch(/lea@example\.com +Lea Listener +user +temporary password /u);
      expect(listed.stdout).toMatch(/\n1 account\.\n$/u);
      expect(listed.stdout).not.toContain(password);
    },
  );

  it('takes a password from standard input, under the sign-up rules', TIMEOUT, async () => {
    const weak = await runCadenza(
      ['users', 'create', 'max@example.com', '--name', 'Max', '--password-stdin'],
      env,
      { stdin: 'abc\n' },
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/^Password must be at least \d+ characters/u);

    const given = await runCadenza(
      [
        'users',
        'create',
        'max@example.com',
        '--name',
        'Max',
        '--role',
        'admin',
        '--password-stdin',
      ],
      env,
      { stdin: 'a long and quiet evening\nignored\n' },
    );
    expect(given.code).toBe(0);
    expect(given.stdout).toContain('Created max@example.com (Max), an administrator.');
    expect(given.stdout).not.toContain('a long and quiet evening');
    expect((await logIn('max@example.com', 'a long and quiet evening')).statusCode).toBe(200);

    const taken = await runCadenza(['users', 'create', 'MAX@example.com', '--name', 'Max'], env);
    expect(taken.code).toBe(1);
    expect(taken.stderr.trim()).toBe('An account with this email already exists.');
  });

  it(
    'disables an account, whose session the running server refuses from the next request',
    TIMEOUT,
    async () => {
      const listener = await createUser(t, { email: 'nora@example.com' });
      const profile = () =>
        t.app.inject({ method: 'GET', url: '/api/user/profile', headers: listener.headers });
      // Twice: the second answer comes from the sessions the server keeps in memory.
      expect((await profile()).statusCode).toBe(200);
      expect((await profile()).statusCode).toBe(200);

      const disabled = await runCadenza(['users', 'disable', 'Nora@example.com'], env);
      expect(disabled.code).toBe(0);
      expect(disabled.stdout.trim()).toBe(
        'nora@example.com is disabled: its sessions and app keys stopped working.',
      );
      expect((await profile()).statusCode).toBe(401);
      expect((await logIn('nora@example.com', listener.password)).statusCode).not.toBe(200);

      const enabled = await runCadenza(['users', 'enable', 'nora@example.com'], env);
      expect(enabled.stdout.trim()).toBe('nora@example.com can sign in again.');
      expect((await logIn('nora@example.com', listener.password)).statusCode).toBe(200);
    },
  );

  it(
    'changes a role, heard at once, resets a password, and keeps an administrator',
    TIMEOUT,
    async () => {
      const admin = await createAdmin(t, { email: 'ada@example.com' });
      const listener = await createUser(t, { email: 'otto@example.com' });

      const lastAdmin = await runCadenza(['users', 'set-role', 'ada@example.com', 'user'], env);
      expect(lastAdmin.code).toBe(1);
      expect(lastAdmin.stderr.trim()).toBe(
        'The last active administrator cannot be demoted or disabled.',
      );

      const users = () =>
        t.app.inject({ method: 'GET', url: '/api/admin/users', headers: listener.headers });
      expect((await users()).statusCode).toBe(403);
      const promoted = await runCadenza(['users', 'set-role', 'otto@example.com', 'admin'], env);
      expect(promoted.stdout.trim()).toBe('otto@example.com is now an administrator.');
      // The server kept the session as a listener's; it hears of the new role at once.
      expect((await users()).statusCode).toBe(200);

      const reset = await runCadenza(['users', 'reset-password', 'ada@example.com'], env);
      expect(reset.code).toBe(0);
      expect(reset.stdout).toContain("ada@example.com's sessions and app keys are signed out.");
      const password = boxedPassword(reset.stdout);
      expect((await logIn('ada@example.com', admin.password)).statusCode).toBe(401);
      const login = await logIn('ada@example.com', password);
      expect(login.json()).toMatchObject({ passwordChangeRequired: true });
    },
  );

  it('names what it cannot find or understand, with exit codes 1 and 2', TIMEOUT, async () => {
    const missing = await runCadenza(['users', 'disable', 'ghost@example.com'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('There is no account with the e-mail ghost@example.com.');

    const wrongRole = await runCadenza(['users', 'set-role', 'ghost@example.com', 'owner'], env);
    expect(wrongRole.code).toBe(2);
    expect(wrongRole.stderr).toMatch(
      /^Say the role: user or admin\.\n\nUsage:\n {2}cadenza users list\n/u,
    );

    const unknown = await runCadenza(['users', 'delete', 'ghost@example.com'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^No users action "delete"\./u);

    const badEmail = await runCadenza(['users', 'create', 'not-an-address', '--name', 'X'], env);
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr.trim()).toMatch(/e-?mail/iu);
  });
});
