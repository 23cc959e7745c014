import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../apps/server/test/s3-test-server';
import { launchBrowser, openPage } from './support/browser';
import { longMp3 } from './support/long-mp3';
import { NGINX_PATH, startBalancer, type RunningBalancer } from './support/nginx';
import { ADMIN, startServer, type RunningServer } from './support/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const DEMO_SONG = path.join(root, 'apps/server/assets/demo/01-postcards-from-the-overpass.mp3');
const LONG_SONG_TITLE = 'Night Shift Marathon';

const CI = process.env.CI === 'true' || process.env.CI === '1';

type Delivery = 'redirect' | 'proxy';

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(target.port || defaultPort), target.hostname || '127.0.0.1');
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** What this journey needs beyond Chromium: nginx, PostgreSQL and Redis. */
async function missingParts(): Promise<string[]> {
  const missing: string[] = [];
  if (!fs.existsSync(NGINX_PATH))
    missing.push(`no nginx at ${NGINX_PATH} (apt-get install -y nginx)`);
  if (!(await reachable(DATABASE_URL, 5432)))
    missing.push(`PostgreSQL is not reachable at ${DATABASE_URL}`);
  if (!(await reachable(REDIS_URL, 6379))) missing.push(`Redis is not reachable at ${REDIS_URL}`);
  return missing;
}

interface Cluster {
  readonly nodes: readonly [RunningServer, RunningServer];
  readonly balancer: RunningBalancer;
}

let admin: pg.Client;
let database: string;
let s3: S3TestServer;
let bucket: string;
let browser: Browser;
const jwtSecret = randomBytes(32).toString('hex');
const clusters: Cluster[] = [];

/** Two nodes on one database, one bucket and one Redis, behind deploy/nginx/cadenza.conf. */
async function startCluster(delivery: Delivery): Promise<Cluster> {
  const databaseUrl = new URL(DATABASE_URL);
  databaseUrl.pathname = `/${database}`;
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    JWT_SECRET: jwtSecret,
    REDIS_URL,
    DEMO_LIBRARY: 'true',
    // The nodes believe the balancer's X-Forwarded-For: clients are counted by their address.
    TRUST_PROXY: '127.0.0.1',
    // Each request is logged, so that the journey can tell which node served a stream.
    LOG_LEVEL: 'info',
    ...s3.env(bucket, delivery),
  };
  const [a, b] = await Promise.all([startServer(env), startServer(env)]);
  const nodes: [RunningServer, RunningServer] = [a, b];
  const balancer = await startBalancer(nodes.map((node) => node.port));
  const cluster = { nodes, balancer };
  clusters.push(cluster);
  return cluster;
}

async function api<T>(url: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const response = await fetch(url, { ...init, headers });
  return { status: response.status, body: (await response.json()) as T };
}

const listener = {
  name: 'Noor Nodes',
  email: `noor.${Date.now()}@example.com`,
  password: 'listen-pass-1',
};

async function logIn(baseUrl: string, account: { email: string; password: string }) {
  const { status, body } = await api<{ token: string }>(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(status).toBe(200);
  return body.token;
}

/** Logs the listener in through the form of the balanced site and plays the song found by name. */
async function playFromSearch(page: Page, title: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(listener.email);
  await form.getByLabel('Password', { exact: true }).fill(listener.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/user/dashboard');
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  const row = page.getByRole('row', { name: new RegExp(title) }).first();
  await row.dblclick();
  await expect.poll(() => page.getByTestId('player-title').textContent()).toBe(title);
}

const audioTime = (page: Page) =>
  page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => {
    if (audio.error) throw new Error(`media error ${audio.error.code}`);
    return audio.currentTime;
  });

/** Bytes a node's process has written (sockets included), from Linux's /proc/<pid>/io. */
function written(node: RunningServer): number {
  const io = fs.readFileSync(`/proc/${node.pid}/io`, 'utf8');
  return Number(/^wchar: (\d+)$/m.exec(io)?.[1] ?? NaN);
}

/** Files under a node's DATA_DIR/media: with S3, none may ever be written there. */
function mediaFilesOf(node: RunningServer): string[] {
  const media = path.join(node.dataDir, 'media');
  if (!fs.existsSync(media)) return [];
  return (fs.readdirSync(media, { recursive: true }) as string[]).filter((entry) =>
    fs.statSync(path.join(media, entry)).isFile(),
  );
}

const missing = await missingParts();
if (missing.length > 0 && CI) throw new Error(`cannot run under CI: ${missing.join('; ')}`);
if (missing.length > 0) console.warn(`SKIPPED: two nodes behind nginx (${missing.join('; ')})`);

describe.skipIf(missing.length > 0)('two nodes behind nginx on PostgreSQL, Redis and S3', () => {
  beforeAll(async () => {
    database = `cadenza_scale_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    s3 = await startS3TestServer();
    bucket = await s3.createBucket();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    for (const { nodes, balancer } of clusters) {
      await balancer.stop();
      await Promise.all(nodes.map((node) => node.stop()));
    }
    await s3?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
  });

  let redirect: Cluster;

  it('registers a listener through node A and logs them in through node B', async () => {
    redirect = await startCluster('redirect');
    const [a, b] = redirect.nodes;
    const registered = await api<{ token: string }>(`${a.url}/api/auth/register`, {
      method: 'POST',
      body: JSON.stringify(listener),
    });
    expect(registered.status).toBe(201);
    const token = await logIn(b.url, listener);
    const profile = await api<{ data: { email: string } }>(`${b.url}/api/user/profile`, { token });
    expect(profile.body.data.email).toBe(listener.email);
  });

  it('finds through node B a song an admin uploaded through node A, its bytes in the bucket', async () => {
    const [a, b] = redirect.nodes;
    const adminToken = await logIn(a.url, ADMIN);
    const form = new FormData();
    form.set('title', LONG_SONG_TITLE);
    form.set('artist', 'The Night Shift');
    form.set('genre', 'electronic');
    form.set(
      'audioFile',
      new Blob([new Uint8Array(longMp3(fs.readFileSync(DEMO_SONG), 40))], { type: 'audio/mpeg' }),
      `${LONG_SONG_TITLE}.mp3`,
    );
    const upload = await fetch(`${a.url}/api/admin/songs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);

    const token = await logIn(b.url, listener);
    const found = await api<{ data: { title: string }[] }>(
      `${b.url}/api/user/songs/search?query=${encodeURIComponent('night shift')}`,
      { token },
    );
    expect(found.body.data.map((song) => song.title)).toContain(LONG_SONG_TITLE);
  });

  it('plays in the browser with the audio fetched from the store (redirect)', async () => {
    const { page, context } = await openPage(browser, redirect.balancer.url);
    const audioHosts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'media')
        audioHosts.add(new URL(response.url()).origin);
    });
    try {
      await playFromSearch(page, LONG_SONG_TITLE);
      await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
      expect([...audioHosts]).toContain(new URL(s3.endpoint).origin);
    } finally {
      await context.close();
    }
  });

  it('revokes on node B a session logged out on node A', async () => {
    const [a, b] = redirect.nodes;
    const token = await logIn(b.url, listener);
    expect((await api(`${b.url}/api/user/profile`, { token })).status).toBe(200);
    expect((await api(`${a.url}/api/auth/logout`, { method: 'POST', token })).status).toBe(200);
    expect((await api(`${b.url}/api/user/profile`, { token })).status).toBe(401);
  });

  it('counts failed logins across both nodes', async () => {
    const [a, b] = redirect.nodes;
    // An account of its own: the listener's logins above count towards the same limit.
    const wrong = { email: `guess.${Date.now()}@example.com`, password: 'not-the-password' };
    // Ten attempts per account and address are allowed in all, alternating between the nodes.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const node = attempt % 2 === 0 ? a : b;
      const { status } = await api(`${node.url}/api/auth/login`, {
        method: 'POST',
        body: JSON.stringify(wrong),
      });
      expect(status).toBe(401);
    }
    for (const node of [a, b]) {
      const { status } = await api(`${node.url}/api/auth/login`, {
        method: 'POST',
        body: JSON.stringify(wrong),
      });
      expect(status).toBe(429);
    }
  });

  it('keeps playing through the other node when the one streaming dies mid-stream (proxy)', async () => {
    const proxy = await startCluster('proxy');
    const { page, context } = await openPage(browser, proxy.balancer.url);
    const startedAt = new Map(proxy.nodes.map((node) => [node, written(node)]));
    try {
      await playFromSearch(page, LONG_SONG_TITLE);
      await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(1);

      // The node that streams is the one writing megabytes to its sockets (media go unlogged).
      await expect
        .poll(() => Math.max(...proxy.nodes.map((node) => written(node) - startedAt.get(node)!)))
        .toBeGreaterThan(1024 * 1024);
      const [served, other] = [...proxy.nodes].sort(
        (x, y) => written(y) - startedAt.get(y)! - (written(x) - startedAt.get(x)!),
      ) as [RunningServer, RunningServer];
      const before = written(other);
      await served.kill();

      // Onwards from a point nobody has fetched yet: only the node still alive can answer.
      const duration = await page
        .getByTestId('player-audio')
        .evaluate((audio: HTMLAudioElement) => audio.duration);
      expect(duration).toBeGreaterThan(600);
      const resumeAt = Math.floor(duration * 0.9);
      await page
        .getByTestId('player-audio')
        .evaluate((audio: HTMLAudioElement, time) => (audio.currentTime = time), resumeAt);
      await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThan(resumeAt + 1);
      expect(written(other) - before).toBeGreaterThan(256 * 1024);
    } finally {
      await context.close();
    }
  });

  it('writes no file under either node’s DATA_DIR/media: the media live in the bucket', () => {
    for (const { nodes } of clusters) {
      for (const node of nodes) expect(mediaFilesOf(node)).toEqual([]);
    }
    const stored = fs.readdirSync(path.join(s3.directory, bucket), { recursive: true }) as string[];
    expect(stored.filter((entry) => entry.startsWith('audio')).length).toBeGreaterThan(1);
  });
});
