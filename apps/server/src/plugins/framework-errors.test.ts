import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { listenLocally, rawExchange, request } from '../../test/http-client';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Requests Fastify or Node's HTTP parser refuse before a route runs still get the error envelope
 * with a 4xx status, and the answer never repeats what the client sent.
 */
let t: TestApp;
let listener: CreatedUser;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  port = await listenLocally(t.app);
});
afterAll(() => t.close());

const MARKER = 'zzmarkerzz';

function expectEnvelope(body: string, status: number, actual: number): void {
  expect(actual).toBe(status);
  const parsed: unknown = JSON.parse(body);
  expect(parsed).toEqual({
    success: false,
    code: expect.stringMatching(/^[a-z_]+$/),
    message: expect.any(String),
  });
  expect(body).not.toContain(MARKER);
}

describe('errors raised before a route runs', () => {
  it('answers a URL with a bad percent-encoding with 400 and the envelope', async () => {
    for (const url of [
      `/api/user/songs/%ZZ${MARKER}/download`,
      `/api/user/playlists/%E0%A4%A${MARKER}`,
      `/media/images/%${MARKER}`,
    ]) {
      const res = await t.app.inject({ url, headers: listener.headers });
      expectEnvelope(res.body, 400, res.statusCode);
      expect(res.json().message).toBe('The request URL is not correctly encoded.');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers a path parameter over the length limit with 414 and the envelope', async () => {
    const res = await t.app.inject({
      url: `/api/user/songs/${MARKER.repeat(50)}/download`,
      headers: listener.headers,
    });
    expectEnvelope(res.body, 414, res.statusCode);
    expect(res.json().message).toBe('A part of the request URL is too long.');
  });

  it('answers bad query strings with a 4xx and the envelope, never a 5xx', async () => {
    const queries = [
      `query=%ZZ${MARKER}`,
      `query=%E0%A4%A${MARKER}`,
      `query=%ED%A0%80${MARKER}`,
      `query=${MARKER}&query=${MARKER}`,
      `query[]=${MARKER}`,
      `__proto__[query]=${MARKER}`,
    ];
    for (const query of queries) {
      const res = await t.app.inject({
        url: `/api/user/songs/search?${query}`,
        headers: listener.headers,
      });
      expect(res.statusCode, query).toBeLessThan(500);
      expect(res.json().success, query).toBe(res.statusCode === 200);
    }
    const nul = await t.app.inject({
      url: `/api/user/songs/search?query=%00${MARKER}`,
      headers: listener.headers,
    });
    expect(nul.statusCode).toBe(400);
    for (const query of [`limit=${MARKER}`, `cursor=${MARKER}&cursor=2`, `limit=1e400`]) {
      const res = await t.app.inject({
        url: `/api/user/songs?${query}`,
        headers: listener.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: [expect.any(Object)] });
    }
  });

  it('answers headers over the size limit with 431 and the envelope, then closes', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const res = await request(agent, port, {
        path: '/api/general/config',
        headers: { 'x-padding': MARKER.repeat(4000) },
      });
      expectEnvelope(res.body, 431, res.status);
      expect(res.body).toContain('The request headers are too large.');
      expect(res.headers.connection).toBe('close');
      // The server still answers the next connection.
      const next = await request(agent, port, { path: '/api/general/config' });
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('answers a request Node cannot parse with 400 and the envelope', async () => {
    const answer = await rawExchange(port, `GET /api/general/config ${MARKER}\r\n\r\n`);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expectEnvelope(body, 400, 400);
  });
});
