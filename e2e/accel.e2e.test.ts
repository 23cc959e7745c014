import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_PATH, startAccelProxy, type RunningBalancer } from './support/nginx';
import { ADMIN, startServer, type RunningServer } from './support/server';

const missing = fs.existsSync(NGINX_PATH) ? null : `no nginx at ${NGINX_PATH}`;
if (missing) console.warn(`SKIPPED: audio through nginx with X-Accel-Redirect (${missing})`);

const JWT_SECRET = 'accel-e2e-secret-of-at-least-thirty-two-characters';
const DEMO_FILE = path.resolve(
  import.meta.dirname,
  '../apps/server/assets/demo/08-cinder-road.mp3',
);

interface Song {
  readonly _id: string;
  readonly audioFile: string;
}

/** A link to `key` signed as the server signs them (media-urls.ts), with the given expiry. */
function signedLink(key: string, expiresSeconds: number): string {
  const signingKey = createHmac('sha256', JWT_SECRET).update('cadenza media urls').digest();
  const signature = createHmac('sha256', signingKey)
    .update(`${key}\n${expiresSeconds}`)
    .digest('base64url');
  return `/media/${key}?expires=${expiresSeconds}&signature=${signature}`;
}

const keyOf = (url: string) => decodeURIComponent(/^\/media\/(audio\/[^?]+)/.exec(url)![1]!);

/**
 * One node with MEDIA_DELIVERY=accel behind deploy/nginx/cadenza-accel.conf: nginx asks the node
 * once per signed URL and then sends the file itself.
 */
describe.skipIf(missing !== null)('audio sent by nginx after the node checks it (accel)', () => {
  let server: RunningServer;
  let proxy: RunningBalancer;
  let token: string;
  let songs: Song[];
  let audioUrl: string;
  let file: Buffer;
  let fileModified: number;
  let musicDir: string;

  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${proxy.url}${url}`, { headers, method });

  beforeAll(async () => {
    // A folder scanned in place: its song's key is audio/library/…, outside DATA_DIR/media.
    musicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-accel-music-'));
    // Other bytes than the demo's copy, so that the scan takes it as a song of its own.
    fs.writeFileSync(
      path.join(musicDir, 'scanned.mp3'),
      Buffer.concat([fs.readFileSync(DEMO_FILE), Buffer.alloc(128)]),
    );
    server = await startServer({
      MEDIA_DELIVERY: 'accel',
      DEMO_LIBRARY: 'true',
      MUSIC_DIR: musicDir,
      JWT_SECRET,
    });
    proxy = await startAccelProxy(server.port, server.dataDir);
    const loggedIn = await fetch(`${proxy.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    token = ((await loggedIn.json()) as { token: string }).token;
    // The node scans the music folder once it has started.
    const deadline = Date.now() + 30_000;
    for (;;) {
      songs = await listSongs();
      if (songs.some((song) => keyOf(song.audioFile).startsWith('audio/library/'))) break;
      if (Date.now() > deadline) throw new Error('The music folder was not scanned in 30 s.');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    audioUrl = songs.find((song) => !keyOf(song.audioFile).startsWith('audio/library/'))!.audioFile;
    const stored = path.join(server.dataDir, 'media', keyOf(audioUrl));
    file = fs.readFileSync(stored);
    fileModified = fs.statSync(stored).mtimeMs;
  });
  afterAll(async () => {
    await proxy?.stop();
    await server?.stop();
    if (musicDir) fs.rmSync(musicDir, { recursive: true, force: true });
  });

  async function listSongs(): Promise<Song[]> {
    const res = await get('/api/user/songs?limit=100', { authorization: `Bearer ${token}` });
    return ((await res.json()) as { data: Song[] }).data;
  }

  it('plays a range of a signed link from the file, with the node’s type and headers', async () => {
    for (let round = 0; round < 2; round++) {
      // The second round is answered from nginx's cached check: the same headers and bytes.
      const res = await get(audioUrl, { range: 'bytes=1000-1999' });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${file.length}`);
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-accel-redirect')).toBeNull();
      expect(res.headers.get('x-accel-expires')).toBeNull();
      expect(Buffer.from(await res.arrayBuffer()).equals(file.subarray(1000, 2000))).toBe(true);
    }

    const whole = await get(audioUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);
    // nginx's own entity tag (modification time and size in hex): nginx read the file.
    const etag = whole.headers.get('etag')!;
    expect(etag).toBe(
      `"${Math.floor(fileModified / 1000).toString(16)}-${file.length.toString(16)}"`,
    );
    expect((await get(audioUrl, { 'if-none-match': etag })).status).toBe(304);

    const head = await get(audioUrl, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(file.length));
    expect(head.headers.get('content-type')).toBe('audio/mpeg');
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    // If-Range: the range while the entity tag matches, the whole file once it does not.
    const sameFile = await get(audioUrl, { range: 'bytes=0-99', 'if-range': etag });
    expect(sameFile.status).toBe(206);
    expect(Buffer.from(await sameFile.arrayBuffer()).equals(file.subarray(0, 100))).toBe(true);
    const otherFile = await get(audioUrl, { range: 'bytes=0-99', 'if-range': '"other"' });
    expect(otherFile.status).toBe(200);
    expect(Buffer.from(await otherFile.arrayBuffer()).equals(file)).toBe(true);

    const beyond = await get(audioUrl, { range: `bytes=${file.length}-` });
    expect(beyond.status).toBe(416);
  });

  it('refuses a forged or expired signature after the good one was let through', async () => {
    expect((await get(audioUrl, { range: 'bytes=0-0' })).status).toBe(206);
    const key = keyOf(audioUrl);
    const expires = Number(/expires=(\d+)/.exec(audioUrl)![1]);
    const refused = [
      audioUrl.replace(/signature=[^&]+/, 'signature=x'),
      // The good signature, with another expiry.
      audioUrl.replace(/expires=\d+/, `expires=${expires + 600}`),
      // Signed right, but already expired.
      signedLink(key, Math.floor(Date.now() / 1000) - 60),
      // The good signature, for another song.
      audioUrl.replace(
        keyOf(audioUrl),
        keyOf(songs.find((s) => s.audioFile !== audioUrl)!.audioFile),
      ),
    ];
    for (const url of refused) {
      for (let round = 0; round < 2; round++) {
        const res = await get(url, { range: 'bytes=0-0' });
        expect(res.status).toBe(403);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(((await res.json()) as { code: string }).code).toBe('invalid_media_link');
      }
    }
    // The internal locations cannot be asked for directly.
    expect((await get(`/internal-media/${key}`)).status).toBe(404);
    expect((await get('/internal-media-check')).status).toBe(404);
  });

  it('stops sending a link once it has expired, though nginx kept the node’s answer', async () => {
    const key = keyOf(audioUrl);
    const expires = Math.floor(Date.now() / 1000) + 3;
    const link = signedLink(key, expires);
    expect((await get(link, { range: 'bytes=0-9' })).status).toBe(206);
    expect((await get(link, { range: 'bytes=10-19' })).status).toBe(206);
    // Wait until the link's expiry second has passed.
    await new Promise((resolve) => setTimeout(resolve, (expires + 1) * 1000 - Date.now()));
    const late = await get(link, { range: 'bytes=0-9' });
    expect(late.status).toBe(403);
    expect(((await late.json()) as { code: string }).code).toBe('invalid_media_link');
  });

  it('plays the songs of a folder scanned in place, sent by the node', async () => {
    const scanned = songs.find((song) => keyOf(song.audioFile).startsWith('audio/library/'))!;
    const bytes = fs.readFileSync(path.join(musicDir, 'scanned.mp3'));
    const res = await get(scanned.audioFile, { range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const whole = await get(scanned.audioFile);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('stops sending a deleted song’s file, though its link was let through before', async () => {
    const song = songs.find(
      (s) => s.audioFile !== audioUrl && !keyOf(s.audioFile).startsWith('audio/library/'),
    )!;
    expect((await get(song.audioFile, { range: 'bytes=0-9' })).status).toBe(206);
    const deleted = await fetch(`${proxy.url}/api/admin/songs/${song._id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.status).toBe(200);
    const gone = await get(song.audioFile, { range: 'bytes=0-9' });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { code: string }).code).toBe('media_not_found');
  });

  it('sends a link it has let through without asking the node again', async () => {
    expect((await get(audioUrl, { range: 'bytes=0-9' })).status).toBe(206);
    // The node is gone; its files stay where nginx reads them.
    await server.kill();
    const res = await get(audioUrl, { range: 'bytes=20-29' });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer()).equals(file.subarray(20, 30))).toBe(true);
    // A link nginx has not seen needs the node, which is gone.
    const unseen = signedLink(keyOf(audioUrl), Math.floor(Date.now() / 1000) + 3600);
    expect((await get(unseen, { range: 'bytes=0-9' })).status).toBeGreaterThanOrEqual(500);
  });
});
