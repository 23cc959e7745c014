import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The request log: one line per request, with the request and its answer. */

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress: string };
  res?: { statusCode: number };
  responseTime?: number;
}

const lines: LogLine[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
  });
});
afterAll(() => t.close());

async function linesOf(url: string) {
  const before = lines.length;
  const response = await t.app.inject({ url });
  return { response, written: lines.slice(before) };
}

describe('the request log', () => {
  it('writes one line when a request ends, with the request and the answer', async () => {
    const { written } = await linesOf('/api/general/songs?limit=5');
    expect(written).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        reqId: expect.any(String),
        req: expect.objectContaining({ method: 'GET', url: '/api/general/songs?limit=5' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('writes the line of a refused request too, and none for the quiet routes', async () => {
    const refused = await linesOf('/api/user/songs');
    expect(refused.response.statusCode).toBe(401);
    expect(refused.written.filter((line) => line.msg === 'request completed')).toEqual([
      expect.objectContaining({ res: { statusCode: 401 }, req: expect.anything() }),
    ]);
    expect(refused.written.map((line) => line.msg)).not.toContain('incoming request');
    const health = await linesOf('/api/health');
    expect(health.response.statusCode).toBe(200);
    expect(health.written).toEqual([]);
  });
});
