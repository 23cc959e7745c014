import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const SHELL = '<!doctype html><title>Cadenza</title><div id="root"></div>';
const GATE = 'document.getElementById("root").replaceChildren()';

/** What scripts/prerender.mjs writes: the landing in #root, then its inline script. */
function landing(heading: string, gate = GATE): string {
  return `<!doctype html><title>Cadenza</title><div id="root"><h1>${heading}</h1><a href="/login">GET STARTED</a></div><script>${gate}</script>`;
}

const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-web-'));
  fs.mkdirSync(path.join(webRoot, 'prerendered'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), SHELL);
  fs.writeFileSync(path.join(webRoot, 'prerendered/index.html'), landing('Music for every moment'));
  fs.writeFileSync(path.join(webRoot, 'prerendered/home.html'), landing('Music for every moment'));
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the landing page rendered at build time', () => {
  it('is sent for / and /home, uncached, and its inline script is allowed by its hash', async () => {
    for (const url of ['/', '/home', '/home?from=mail']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('GET STARTED');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${hashOf(GATE)}`);
    }
  });

  it('is never sent for another page, which keeps the shell and the strict policy', async () => {
    for (const url of ['/login', '/discover', '/home/extra', '/no/such/page']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(SHELL);
      expect(res.headers['content-security-policy']).not.toContain('sha256-');
    }
  });

  it('goes out precompressed when the build wrote a .br beside it', async () => {
    const file = path.join(webRoot, 'prerendered/index.html');
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(fs.readFileSync(file)));
    try {
      const res = await get('/', { 'accept-encoding': 'br' });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('GET STARTED');
    } finally {
      fs.rmSync(`${file}.br`);
    }
  });

  it('follows a rebuild without a restart, its new script hash included', async () => {
    const file = path.join(webRoot, 'prerendered/home.html');
    const rebuiltGate = `${GATE};void 0`;
    fs.writeFileSync(file, landing('Rebuilt', rebuiltGate));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    const res = await get('/home');
    expect(res.body).toContain('Rebuilt');
    expect(res.headers['content-security-policy']).toContain(hashOf(rebuiltGate));
    expect(res.headers['content-security-policy']).not.toContain(hashOf(GATE));
  });
});

describe('a build without prerendered pages', () => {
  it('sends the shell for / and /home', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-web-'));
    fs.writeFileSync(path.join(bare, 'index.html'), SHELL);
    const app = await createTestApp({ webRoot: bare });
    try {
      for (const url of ['/', '/home']) {
        const res = await app.app.inject({ method: 'GET', url });
        expect(res.body).toBe(SHELL);
        expect(res.headers['content-security-policy']).not.toContain('sha256-');
      }
    } finally {
      await app.close();
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
