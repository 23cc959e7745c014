import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>Cadenza</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webRoot, '.env'), 'SECRET=1');
  fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Cadenza"}');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('HTTP surface', () => {
  it('answers unknown /api routes with the JSON error envelope, not the web app', async () => {
    for (const url of ['/api/nope', '/api', '/api/user/nope?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        success: false,
        code: 'route_not_found',
        message: expect.stringMatching(/not found/),
      });
    }
  });

  it('answers a malformed JSON body with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'invalid_json',
      message: 'The request body is not valid JSON.',
    });
  });

  it('serves the web app for client-side routes, with hashed assets cached for long', async () => {
    for (const url of ['/', '/discover', '/reset-password/abc', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves the service worker and the app manifest with their types, revalidated each time', async () => {
    // A cached worker would hold back every new version (the browser checks it on each visit).
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing script or asset with 404, never with the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-gone.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('serves files a rebuild added after start, without a restart', async () => {
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-5678.js'), 'console.log(2)');
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-5678.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
  });

  it('sends the pre-compressed variant of an asset to a browser that accepts it', async () => {
    const source = 'export const answer = 42;\n'.repeat(100);
    fs.writeFileSync(path.join(webRoot, 'assets', 'big-1.js'), source);
    fs.writeFileSync(path.join(webRoot, 'assets', 'big-1.js.br'), zlib.brotliCompressSync(source));
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/big-1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(source);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
  });

  it('never serves dotfiles from the web root', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.env' });
    expect(res.body).not.toContain('SECRET');
  });

  it('sends helmet headers with a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('publishes the OpenAPI document and its UI at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/register',
        '/api/auth/forgot-password',
        '/api/auth/reset-password/{resetToken}',
        '/api/auth/logout',
        '/api/user/profile',
      ]),
    );
    expect(
      doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    expect(ui.body).toContain('swagger-ui');
  });

  it('describes each multipart form: its text fields and its binary file fields', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const formOf = (path: string, method: string) =>
      doc.paths[path][method].requestBody.content['multipart/form-data'].schema;
    const binary = { type: 'string', format: 'binary' };
    const forms: Array<[string, string, string[], string[]]> = [
      [
        '/api/admin/songs/',
        'post',
        ['title', 'artist', 'releaseYear'],
        ['audioFile', 'coverImage'],
      ],
      ['/api/admin/songs/{id}', 'put', ['title', 'genre', 'duration'], ['audioFile', 'coverImage']],
      ['/api/admin/songs/inspect', 'post', [], ['audioFile']],
      ['/api/user/playlists/', 'post', ['name', 'description', 'isPublic'], ['coverImage']],
      ['/api/admin/playlists/', 'post', ['name', 'isDefault', 'songs'], ['coverImage']],
      ['/api/admin/playlists/{id}', 'put', ['name', 'isDefault', 'isPublic'], ['coverImage']],
    ];
    for (const [path, method, texts, files] of forms) {
      const form = formOf(path, method);
      expect(form.type, path).toBe('object');
      for (const name of texts) expect(form.properties[name], `${path} ${name}`).toBeDefined();
      for (const name of texts) expect(form.properties[name].format).not.toBe('binary');
      for (const name of files) expect(form.properties[name], `${path} ${name}`).toEqual(binary);
    }
  });

  it('answers public settings from the configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/general/config' });
    expect(res.json()).toEqual({
      success: true,
      data: {
        productName: 'Cadenza',
        supportEmail: 'support@cadenza.local',
        supportPhone: null,
        supportAddress: null,
        earlyAccessEnd: '2025-07-30',
        seedUsersEnabled: false,
        passwordMinLength: 6,
        signIn: { oidc: null, proxy: false },
        registration: 'open',
        siteMode: 'public',
        // Test apps are given no PATH: no ffmpeg.
        transcoding: false,
      },
    });
  });
});
