import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** X-Request-Id: made for every request, believed only from a trusted proxy, in every log line. */

interface LogLine {
  msg: string;
  reqId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  const lines: LogLine[] = [];
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp({
      logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
    });
    // app.inject comes from 127.0.0.1: here that is the proxy.
    proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('gives every answer its own id, failures and unknown paths included', async () => {
    const ids = [];
    for (const url of [
      '/api/general/songs',
      '/api/general/songs',
      '/api/user/songs',
      '/api/nope',
    ]) {
      const res = await direct.app.inject({ url });
      expect(res.headers['x-request-id'], url).toMatch(UUID);
      ids.push(res.headers['x-request-id']);
    }
    expect(new Set(ids).size).toBe(4);
  });

  it("writes the answer's id in every log line of the request", async () => {
    const before = lines.length;
    const res = await direct.app.inject({ url: '/api/user/songs' });
    const written = lines.slice(before);
    expect(written.length).toBeGreaterThan(0);
    expect(written.map((line) => line.reqId)).toEqual(
      written.map(() => res.headers['x-request-id']),
    );
  });

  it("never believes a client's own id", async () => {
    const res = await direct.app.inject({
      url: '/api/general/songs',
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it("keeps a trusted proxy's id, unless it could forge a log line", async () => {
    const kept = await proxied.app.inject({
      url: '/api/general/songs',
      headers: { 'x-request-id': 'edge-7f3a:42' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-7f3a:42');
    for (const given of ['two words', 'a'.repeat(129), 'line\\nbreak', '']) {
      const res = await proxied.app.inject({
        url: '/api/general/songs',
        headers: { 'x-request-id': given },
      });
      expect(res.headers['x-request-id'], given).toMatch(UUID);
    }
  });
});
