import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ DEMO_LIBRARY: 'false' });
});
afterAll(() => server?.stop());

/** Every file of the built web app, relative to its root. */
function builtFiles(dir = WEB_DIST): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? builtFiles(path.join(dir, entry.name)).map((file) => `${entry.name}/${file}`)
        : [entry.name],
    );
}

describe('the built app, for paths that are not pages', () => {
  it('answers robots.txt and the icon, and 404 for other files', async () => {
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain('Disallow: /api/');

    const icon = await fetch(`${server.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\//);

    for (const url of ['/sitemap.xml', '/wp-login.php', '/.env']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(404);
      expect(await res.text()).not.toContain('<div id="root">');
    }
  });

  it('ships no source maps, and still serves the page for client routes', async () => {
    const files = builtFiles();
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const route of ['/login', '/user/dashboard', '/admin/dashboard']) {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });
});
