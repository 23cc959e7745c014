import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const WEB_PUBLIC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/public',
);
const PAGE_MARKER = '<div id="root">';

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), `<!doctype html>${PAGE_MARKER}</div>`);
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
  // A source map left by an older build must not be served either.
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1234.js.map'), '{"sources":["secret.ts"]}');
  fs.writeFileSync(path.join(webRoot, 'app.js.map'), '{"sources":["secret.ts"]}');
  // The web build copies apps/web/public into its output.
  fs.copyFileSync(path.join(WEB_PUBLIC, 'favicon.ico'), path.join(webRoot, 'favicon.ico'));
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('paths that are not pages', () => {
  it('answers /robots.txt: public pages allowed, the API, media and private areas not', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const area of ['/api/', '/media/', '/user/', '/admin/']) {
      expect(lines).toContain(`Disallow: ${area}`);
    }
    expect(res.body).not.toContain(PAGE_MARKER);
  });

  it('serves the app icon at /favicon.ico as a real icon file', async () => {
    const res = await t.app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // ICONDIR: reserved 0, type 1 (icon), then at least one image.
    expect(res.rawPayload.readUInt16LE(0)).toBe(0);
    expect(res.rawPayload.readUInt16LE(2)).toBe(1);
    expect(res.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);
  });

  it.each([
    '/sitemap.xml',
    '/foo.php',
    '/wp-login.php',
    '/wp-admin/setup-config.php',
    '/.env',
    '/.git/config',
    '/index.php?page=1',
    '/user/backup.zip',
    '/apple-touch-icon.png',
  ])('answers %s with a 404 that is not the web app', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/html/);
      expect(res.body).not.toContain(PAGE_MARKER);
    }
  });

  it('never serves source maps, even when a build left some behind', async () => {
    for (const url of ['/assets/app-1234.js.map', '/app.js.map']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret.ts');
    }
    const script = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(script.statusCode).toBe(200);
  });

  it('still serves the page for client routes, tokens with dashes and underscores included', async () => {
    for (const url of [
      '/',
      '/login',
      '/user/dashboard',
      '/admin/dashboard',
      '/discover?tab=latest',
      '/reset-password/Ab-3_xYz09',
      '/no/such/page',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(PAGE_MARKER);
    }
  });
});

describe('paths that are not pages, without a built web app', () => {
  it('still answers /robots.txt, and a file-like path with 404', async () => {
    const apiOnly = await createTestApp();
    try {
      const robots = await apiOnly.app.inject({ url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.body).toContain('Disallow: /api/');
      const icon = await apiOnly.app.inject({ url: '/favicon.ico' });
      expect(icon.statusCode).toBe(404);
    } finally {
      await apiOnly.close();
    }
  });
});
