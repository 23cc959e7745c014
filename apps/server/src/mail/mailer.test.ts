import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Without SMTP, mail goes to DATA_DIR/outbox: readable by the server's user alone, and the log
 * says only that a message was written there, never its link.
 */

const lines: Array<Record<string, unknown>> = [];
let mailed: (() => void) | null = null;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logStream: {
      write: (line) => {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        lines.push(parsed);
        if (parsed.msg === 'password reset mail written to the outbox') mailed?.();
      },
    },
  });
});
afterAll(() => t.close());

async function forgotPassword(email: string): Promise<Array<Record<string, unknown>>> {
  const before = lines.length;
  const written = new Promise<void>((resolve) => (mailed = resolve));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
  });
  expect(res.statusCode).toBe(200);
  await written;
  return lines.slice(before);
}

describe('the outbox', () => {
  it('keeps each mail in a folder and a file only the server can read', async () => {
    // A folder left open (by an earlier version, or by hand) is closed by the next mail.
    fs.mkdirSync(t.outboxDir, { recursive: true, mode: 0o777 });
    fs.chmodSync(t.outboxDir, 0o777);
    const { user } = await createUser(t);
    await forgotPassword(user.email);
    expect(fs.statSync(t.outboxDir).mode & 0o777).toBe(0o700);
    const files = fs.readdirSync(t.outboxDir);
    expect(files).toHaveLength(1);
    expect(fs.statSync(path.join(t.outboxDir, files[0] ?? '')).mode & 0o777).toBe(0o600);
  });

  it('logs that a reset mail was written, without its link, token, body or recipient', async () => {
    const { user } = await createUser(t);
    const written = await forgotPassword(user.email);
    const files = fs.readdirSync(t.outboxDir).sort();
    const mail = fs
      .readFileSync(path.join(t.outboxDir, files[files.length - 1] ?? ''), 'utf8')
      .replace(/=\r?\n/g, '');
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? '';
    expect(token).not.toBe('');
    const line = written.find((entry) => entry.msg === 'password reset mail written to the outbox');
    expect(line).toBeDefined();
    const text = JSON.stringify(written);
    expect(text).not.toContain(token);
    expect(text).not.toContain('reset-password');
    expect(text).not.toContain(user.email);
    expect(text).not.toContain('Open this link');
  });
});
