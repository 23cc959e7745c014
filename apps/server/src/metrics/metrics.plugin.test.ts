import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taggedMp3 } from '../../test/audio-fixtures';
import { createAdmin } from '../../test/factories';
import { scanLibrary } from '../../test/library-scans';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app';
import { AppMetrics } from './app-metrics';
import { serveMetrics } from './metrics-server';

/** GET /metrics: Prometheus' text, for the bearer of METRICS_TOKEN or on METRICS_PORT. */

const TOKEN = 'scrape-me-0123456789';
const SONG_ID = '0193a1b2-0000-7000-8000-000000000001';

let webRoot: string;
let off: TestApp;
let on: TestApp;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-metrics-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  off = await createTestApp({ webRoot });
  on = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await off.close();
  await on.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const scrape = (t: TestApp, token?: string) =>
  t.app.inject({ url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('/metrics', () => {
  it('answers 404 while metrics are off, never the web app', async () => {
    expect((await off.app.inject({ url: '/some/page' })).body).toContain('<div id="root">');
    const res = await scrape(off, TOKEN);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('answers 401 without the token or with another one', async () => {
    for (const token of [undefined, 'scrape-me-0123456788', `${TOKEN}x`]) {
      const res = await scrape(on, token);
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('cadenza_');
    }
  });

  it('counts requests by route pattern and status, and tells the process figures', async () => {
    await on.app.inject({ url: '/api/general/songs?limit=3' });
    await on.app.inject({ url: '/api/general/songs?limit=4' });
    await on.app.inject({ url: `/api/admin/songs/${SONG_ID}`, method: 'DELETE' });
    await on.app.inject({ url: '/api/no-such-thing' });
    const res = await scrape(on, TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain(
      'cadenza_http_requests_total{method="GET",route="/api/general/songs",status="200"} 2',
    );
    expect(text).toMatch(
      /cadenza_http_requests_total\{method="DELETE",route="\/api\/admin\/songs\/:id",status="401"\} 1/,
    );
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain(SONG_ID);
    expect(text).toMatch(/cadenza_http_request_duration_seconds_bucket\{le="0.005",/);
    for (const name of [
      'cadenza_process_resident_memory_bytes',
      'cadenza_nodejs_eventloop_lag_seconds',
      'cadenza_nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toContain(`# TYPE ${name} gauge`);
    }
  });

  it('tells transcodes, the library scan and the database pool', { timeout: 60_000 }, async () => {
    const music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-metrics-music-'));
    fs.writeFileSync(path.join(music, 'one.mp3'), taggedMp3());
    const scanned = await createTestApp({ env: { METRICS_TOKEN: TOKEN, MUSIC_DIR: music } });
    try {
      await scanLibrary(scanned, await createAdmin(scanned));
      const text = (await scrape(scanned, TOKEN)).body;
      expect(text).toContain('cadenza_library_scan_running 0');
      expect(text).toContain('cadenza_library_scan_files{state="seen"} 1');
      expect(text).toContain('cadenza_library_scan_files{state="added"} 1');
      expect(text).toContain('cadenza_library_scan_files{state="errorCount"} 0');
      expect(text).toContain('cadenza_transcodes{state="running"} 0');
      expect(text).toContain('cadenza_transcodes_total{outcome="refused"} 0');
      expect(text).toContain('# TYPE cadenza_transcodes_total counter');
      if (testDialect === 'postgres') {
        expect(text).toMatch(/^cadenza_db_pool_connections\{state="open"\} [1-9]/m);
        expect(text).toContain('cadenza_db_pool_connections{state="waiting"} 0');
      } else {
        expect(text).not.toContain('cadenza_db_pool_connections');
      }
    } finally {
      await scanned.close();
      fs.rmSync(music, { recursive: true, force: true });
    }
  });

  it('serves them on a port of their own, asking for the token when one is set', async () => {
    const own = new AppMetrics();
    own.observeRequest('GET', '/api/health', 200, 0.002);
    for (const token of [null, TOKEN]) {
      const server = await serveMetrics(own, { port: 0, host: '127.0.0.1', token });
      const base = `http://127.0.0.1:${server.port}`;
      try {
        const headers = { authorization: `Bearer ${TOKEN}` };
        const answer = await fetch(`${base}/metrics`, { headers });
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain('route="/api/health",status="200"} 1');
        expect((await fetch(`${base}/`)).status).toBe(404);
        expect((await fetch(`${base}/metrics`)).status).toBe(token === null ? 200 : 401);
      } finally {
        await server.close();
      }
    }
  });
});
