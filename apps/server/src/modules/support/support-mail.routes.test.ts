import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

// SMTP_URL turns relaying on; the test app's mailer writes each message to the outbox instead.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { SMTP_URL: 'smtp://mail.invalid:25', SUPPORT_EMAIL: 'help@music.example' },
  });
});
afterAll(() => t.close());
beforeEach(() => fs.rmSync(t.outboxDir, { recursive: true, force: true }));

function sentMails(): string[] {
  if (!fs.existsSync(t.outboxDir)) return [];
  return fs
    .readdirSync(t.outboxDir)
    .map((name) => fs.readFileSync(path.join(t.outboxDir, name), 'utf8'));
}

describe('support messages with SMTP configured', () => {
  it('mails a contact message to the support address, replying to the sender', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/contact',
      payload: {
        name: 'Dana',
        email: 'dana@example.com',
        message: 'My invoice is wrong.',
        issueType: 'billing',
      },
    });
    expect(res.statusCode).toBe(201);
    const mails = sentMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^To: help@music\.example$/m);
    expect(mails[0]).toMatch(/^Reply-To: dana@example\.com$/m);
    expect(mails[0]).toMatch(/^Subject: \[Cadenza contact\] Billing & Subscription/m);
    expect(mails[0]).toContain('My invoice is wrong.');
  });

  it('mails feedback to the support address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/feedback',
      payload: { rating: 5, usability: 'very_easy', recommend: 'likely', liked: 'Everything' },
    });
    expect(res.statusCode).toBe(201);
    const mails = sentMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^To: help@music\.example$/m);
    expect(mails[0]).toMatch(
      /^Subject: \[Cadenza feedback\] 5\/5 \(Excellent\) from Anonymous User/m,
    );
    expect(mails[0]).toContain('Ease of use: Very Easy');
    expect(mails[0]).toContain('Would recommend: Likely');
    expect(mails[0]).toContain('Everything');
  });

  it('keeps a visitor from adding header lines through the subject', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/support/contact',
      payload: {
        name: 'Eve',
        email: 'eve@example.com',
        subject: 'Hi\r\nBcc: victim@example.com',
        message: 'x',
        issueType: 'other',
      },
    });
    const headers = sentMails()[0]?.split(/\r?\n\r?\n/)[0];
    expect(headers).toMatch(/^Subject: \[Cadenza contact\] Other: Hi Bcc: victim@example\.com$/m);
    expect(headers).not.toMatch(/^Bcc:/m);
  });

  it('still succeeds and keeps the message when the mail cannot be sent', async () => {
    // A file where the outbox directory should be makes every send fail.
    fs.writeFileSync(t.outboxDir, 'not a directory');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/support/contact',
        payload: {
          name: 'Kept',
          email: 'kept@example.com',
          message: 'Please keep me.',
          issueType: 'account',
        },
      });
      expect(res.statusCode).toBe(201);
      const admin = await createAdmin(t);
      const inbox = await t.app.inject({
        method: 'GET',
        url: '/api/admin/messages',
        headers: admin.headers,
      });
      expect(inbox.json().data[0]).toMatchObject({ name: 'Kept', message: 'Please keep me.' });
    } finally {
      fs.rmSync(t.outboxDir, { force: true });
    }
  });
});
