import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_PATH, startAccelProxy, type RunningBalancer } from './support/nginx';
import { ADMIN, startServer, type RunningServer } from './support/server';

const missing = fs.existsSync(NGINX_PATH) ? null : `no nginx at ${NGINX_PATH}`;
if (missing) console.warn(`SKIPPED: audio through nginx with X-Accel-Redirect (${missing})`);

/** One node with MEDIA_DELIVERY=accel behind deploy/nginx/cadenza-accel.conf. */
describe.skipIf(missing !== null)('audio sent by nginx after the node checks it (accel)', () => {
  let server: RunningServer;
  let proxy: RunningBalancer;
  let audioUrl: string;
  let file: Buffer;
  let fileModified: number;

  beforeAll(async () => {
    server = await startServer({ MEDIA_DELIVERY: 'accel', DEMO_LIBRARY: 'true' });
    proxy = await startAccelProxy(server.port, path.join(server.dataDir, 'media'));
    const login = await fetch(`${proxy.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const songs = await fetch(`${proxy.url}/api/user/songs`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await songs.json()) as { data: { audioFile: string }[] };
    audioUrl = data[0]!.audioFile;
    const key = decodeURIComponent(/^\/media\/(audio\/[^?]+)/.exec(audioUrl)![1]!);
    file = fs.readFileSync(path.join(server.dataDir, 'media', key));
    fileModified = fs.statSync(path.join(server.dataDir, 'media', key)).mtimeMs;
  });
  afterAll(async () => {
    await proxy?.stop();
    await server?.stop();
  });

  it('plays a range of a signed link from the file, with the node’s type and headers', async () => {
    const res = await fetch(`${proxy.url}${audioUrl}`, { headers: { range: 'bytes=1000-1999' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${file.length}`);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-accel-redirect')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(file.subarray(1000, 2000))).toBe(true);

    const whole = await fetch(`${proxy.url}${audioUrl}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);
    // nginx's own entity tag (modification time and size in hex): nginx read the file.
    const etag = whole.headers.get('etag')!;
    expect(etag).toBe(
      `"${Math.floor(fileModified / 1000).toString(16)}-${file.length.toString(16)}"`,
    );
    const again = await fetch(`${proxy.url}${audioUrl}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('refuses a forged link, and the internal location cannot be asked for directly', async () => {
    const forged = await fetch(`${proxy.url}${audioUrl.replace(/signature=[^&]+/, 'signature=x')}`);
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe('invalid_media_link');
    const key = /^\/media\/([^?]+)/.exec(audioUrl)![1]!;
    const direct = await fetch(`${proxy.url}/internal-media/${key}`);
    expect(direct.status).toBe(404);
  });
});
