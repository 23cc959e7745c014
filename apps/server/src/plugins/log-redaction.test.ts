import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSong, createUser, type CreatedUser } from '../../test/factories';
import { createApiKey, rest } from '../../test/subsonic';
import { createTestApp, type TestApp } from '../../test/test-app';
import { REDACTED, redactText, redactUrl } from './log-redaction';

/**
 * Every secret a client can send (session tokens, app keys, Subsonic passwords and tokens, media
 * signatures, reset tokens, cookies) is used against a server logging at debug level; then the
 * whole log, its media access lines among them, and what /metrics tells are searched for each.
 */

const METRICS_TOKEN = 'metrics-token-2718281828';
const log: string[] = [];
/** Resolves when a line with this message has been written. */
const waiting = new Map<string, () => void>();
let t: TestApp;
let listener: CreatedUser;
let key: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { METRICS_TOKEN },
    logLevel: 'debug',
    logStream: {
      write: (line) => {
        log.push(line);
        const { msg } = JSON.parse(line) as { msg?: string };
        if (msg !== undefined) waiting.get(msg)?.();
      },
    },
  });
  listener = await createUser(t);
  key = await createApiKey(t, listener);
});
afterAll(() => t.close());

function written(message: string): Promise<void> {
  return new Promise((resolve) => waiting.set(message, resolve));
}

function outboxToken(): string {
  const files = fs.readdirSync(t.outboxDir);
  const mail = fs
    .readFileSync(path.join(t.outboxDir, files[files.length - 1] ?? ''), 'utf8')
    .replace(/=\r?\n/g, '');
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  if (!token) throw new Error('no reset link in the outbox');
  return token;
}

describe('secrets in the log', () => {
  it('never writes a secret a request carried, in any line', async () => {
    const secrets: string[] = [listener.token, key];
    const hex = Buffer.from(key).toString('hex');
    secrets.push(hex);

    // The web API with a bearer token, a refused one, and a cookie.
    const forged = `${listener.token.slice(0, -4)}AAAA`;
    secrets.push(forged);
    expect(
      (await t.app.inject({ url: '/api/user/songs', headers: listener.headers })).statusCode,
    ).toBe(200);
    const cookie = 'session-cookie-value-0123456789';
    secrets.push(cookie);
    await t.app.inject({
      url: '/api/user/songs',
      headers: { authorization: `Bearer ${forged}`, cookie: `cadenza=${cookie}` },
    });
    await t.app.inject({ url: `/api/user/songs?token=${listener.token}&jwt=${listener.token}` });

    // /rest with apiKey, p in clear and as enc:hex, t and s.
    const email = listener.user.email;
    expect((await rest(t, 'ping', { apiKey: key, f: 'json' })).statusCode).toBe(200);
    await rest(t, 'ping', { u: email, p: key, f: 'json' });
    await rest(t, 'ping', { u: email, p: `enc:${hex}`, f: 'json' });
    const salt = 'salt-4c8d2e9f71';
    const token = createHash('md5')
      .update(key + salt)
      .digest('hex');
    secrets.push(salt, token);
    await rest(t, 'ping', { u: email, t: token, s: salt, f: 'json' });
    const wrong = 'wrong-app-key-7f3a9c1d';
    secrets.push(wrong);
    await rest(t, 'ping', { apiKey: wrong, f: 'json' });
    await rest(t, 'getSong', { apiKey: key, id: 'not-an-id', f: 'json' });
    const streamed = await createSong(t);
    const sent = written('media sent');
    expect((await rest(t, 'stream', { apiKey: key, id: `tr-${streamed.id}` })).statusCode).toBe(
      200,
    );
    await sent;

    // A signed media URL, and one with a forged signature.
    const song = await createSong(t);
    const signed = t.container.mediaUrls.audio(song.audio_key);
    const signature = new URL(signed, 'http://x').searchParams.get('signature') ?? '';
    secrets.push(signature);
    expect((await t.app.inject({ url: signed })).statusCode).toBe(200);
    const forgedSignature = 'forged-signature-5e6f7a8b9c';
    secrets.push(forgedSignature);
    await t.app.inject({ url: signed.replace(signature, forgedSignature) });

    // A password reset: the mail, the link's page and the reset itself.
    const mailed = written('password reset mail written to the outbox');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    await mailed;
    const resetToken = outboxToken();
    secrets.push(resetToken);
    await t.app.inject({ url: `/reset-password/${resetToken}` });
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/reset-password/${resetToken}`,
      payload: { password: 'a-new-password-1' },
    });
    expect(reset.statusCode).toBe(200);
    secrets.push('a-new-password-1');
    await t.app.inject({ url: '/invite/invitation-token-31415926' });
    secrets.push('invitation-token-31415926');

    // Secrets quoted by an error, a message, or a logged object's headers.
    t.app.log.error(
      { err: new Error(`could not fetch http://cadenza.test/rest/stream?id=1&apiKey=${key}`) },
      'request failed',
    );
    t.app.log.warn(`retrying /api/auth/reset-password/${resetToken} with Bearer ${forged}`);
    t.app.log.info({ headers: { authorization: `Bearer ${forged}`, cookie } }, 'headers');

    const metrics = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('cadenza_media_bytes_sent_total');
    secrets.push(METRICS_TOKEN);
    for (const secret of secrets) expect(metrics.body).not.toContain(secret);

    const whole = log.join('');
    expect(log.length).toBeGreaterThan(15);
    for (const secret of secrets) expect(whole).not.toContain(secret);
    expect(whole).toContain(REDACTED);
    // What is not secret stays readable.
    expect(whole).toContain('/rest/ping?');
    expect(whole).toContain('/api/auth/reset-password/[redacted]');
  });
});

describe('redaction', () => {
  it('replaces the secrets of a URL and keeps the rest', () => {
    expect(redactUrl('/rest/stream.view?id=5&u=ann&p=enc:6869&t=abc&s=xyz&apiKey=k&c=app')).toBe(
      '/rest/stream.view?id=5&u=ann&p=[redacted]&t=[redacted]&s=[redacted]&apiKey=[redacted]&c=app',
    );
    expect(redactUrl('/rest/ping?API%4Bey=k&APIKEY=k')).toBe(
      '/rest/ping?API%4Bey=[redacted]&APIKEY=[redacted]',
    );
    expect(redactUrl('/media/audio/x?expires=1&signature=abc')).toBe(
      '/media/audio/x?expires=1&signature=[redacted]',
    );
    expect(redactUrl('/api/auth/reset-password/abc?x=1')).toBe(
      '/api/auth/reset-password/[redacted]?x=1',
    );
    expect(redactUrl('/api/general/songs?limit=5')).toBe('/api/general/songs?limit=5');
  });

  it('replaces secrets quoted in free text', () => {
    expect(redactText('GET https://h/rest/x?apiKey=abc&id=1 failed')).toBe(
      'GET https://h/rest/x?apiKey=[redacted]&id=1 failed',
    );
    expect(redactText('Authorization: Bearer abc.def.ghi')).toBe(
      'Authorization: Bearer [redacted]',
    );
    expect(redactText('connect postgres://cadenza:hunter2@db:5432/x')).toBe(
      'connect postgres://cadenza:[redacted]@db:5432/x',
    );
  });
});
