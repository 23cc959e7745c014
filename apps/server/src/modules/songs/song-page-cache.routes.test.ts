import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicSong, Song } from '@cadenza/contract/songs';
import { taggedMp3, untaggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { pngBytes } from '../../../test/media-files';
import { injectForm } from '../../../test/multipart';
import { findRedisServer, startRedisServer, type RedisServer } from '../../../test/redis-server';
import { StatementLog } from '../../../test/sessions';
import { createSong } from '../../../test/songs';
import { id3Tag, id3TextFrame } from '../../../test/tag-fixtures';
import { onSqlite } from '../../../test/dialects';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';

/**
 * The pages of every song are the same for everyone of an audience until the catalogue changes
 * or the links' expiry step passes: each node keeps their bytes and serves them again, and drops
 * them on every write to the catalogue, its own or another node's.
 */

const redisServer = findRedisServer();
/** PostgreSQL nodes without Redis: song-page-cache-nodes.postgres.test.ts. */

let redis: RedisServer | null = null;
let music: string;
let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
const statements = new StatementLog();
const opened: TestApp[] = [];

const redisEnv = (): Record<string, string> =>
  redis
    ? { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:` }
    : {};

beforeAll(async () => {
  if (redisServer && testDialect === 'postgres') redis = await startRedisServer(redisServer);
  music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-music-'));
  t = await createTestApp({
    env: { ...redisEnv(), MUSIC_DIR: music },
    onQuery: statements.onQuery,
  });
  admin = await createAdmin(t);
  listener = await createUser(t);
  for (let i = 0; i < 4; i += 1) await createSong(t);
});
afterAll(async () => {
  for (const app of opened.splice(0).reverse()) await app.close();
  await t.close();
  await redis?.kill();
  fs.rmSync(music, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const PAGE = '/api/user/songs?limit=50';

function read(url = PAGE, headers: Record<string, string> = listener.headers, node = t) {
  return node.app.inject({ url, headers });
}

/** Statements that read songs: a page served from what was kept runs none. */
const songReads = (sqls: readonly string[]) => sqls.filter((text) => /from "songs"/i.test(text));

/** Reads a page twice; the second must come from what the node kept. */
async function kept(url = PAGE, headers: Record<string, string> = listener.headers) {
  const first = await read(url, headers);
  expect(first.statusCode, first.body).toBe(200);
  let again = first;
  const ran = await statements.during(async () => {
    again = await read(url, headers);
  });
  expect(songReads(ran)).toEqual([]);
  expect(again.body).toBe(first.body);
  return first;
}

const titles = (body: string) => JSON.parse(body).data.map((song: Song) => song.title) as string[];
const firstSong = (body: string) => JSON.parse(body).data[0] as Song;

describe('a page of every song', () => {
  it('is served again with the same bytes and headers, without reading the database', async () => {
    const first = await read();
    const other = await createUser(t);
    let again = first;
    let otherListener = first;
    const ran = await statements.during(async () => {
      again = await read();
      otherListener = await read(PAGE, other.headers);
    });
    expect(songReads(ran)).toEqual([]);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(otherListener.body).toBe(first.body);
    for (const name of ['content-type', 'content-length', 'content-security-policy', 'vary']) {
      expect(again.headers[name], name).toEqual(first.headers[name]);
    }
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the compressed copy for each Accept-Encoding, and sends it as it is', async () => {
    const plain = await read();
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const headers = { ...listener.headers, 'accept-encoding': accepted };
      const first = await read(PAGE, headers);
      let again = first;
      const ran = await statements.during(async () => {
        again = await read(PAGE, headers);
      });
      expect(songReads(ran)).toEqual([]);
      expect(again.headers['content-encoding']).toBe(encoding);
      expect(again.headers.vary).toBe('accept-encoding');
      expect(Number(again.headers['content-length'])).toBe(again.rawPayload.length);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(decode(again.rawPayload).toString()).toBe(plain.body);
    }
    const refused = await read(PAGE, { ...listener.headers, 'x-no-compression': '1' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('is kept apart for visitors, listeners and administrators', async () => {
    const visitors = await kept('/api/general/songs?limit=50', {});
    const listeners = await kept();
    const admins = await read('/api/admin/songs?limit=50', admin.headers);
    expect(JSON.parse(visitors.body).data.map((song: PublicSong) => song.audioFile)).toEqual(
      Array(4).fill(null),
    );
    expect(firstSong(listeners.body).audioFile).toMatch(/signature=/);
    expect(firstSong(admins.body).audioFile).toMatch(/signature=/);
    // Each audience's first read ran the query: none was answered with another's page.
    const ran = await statements.during(async () => {
      await read('/api/user/songs?limit=49');
      await read('/api/admin/songs?limit=49', admin.headers);
      await read('/api/general/songs?limit=49', {});
    });
    expect(songReads(ran).length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse((await read('/api/general/songs?limit=50', {})).body)).toEqual(
      JSON.parse(visitors.body),
    );
  });

  it('is kept per query: its size, its genre and its cursor', async () => {
    const two = await kept('/api/user/songs?limit=2');
    const three = await kept('/api/user/songs?limit=3');
    expect(titles(two.body)).toHaveLength(2);
    expect(titles(three.body)).toHaveLength(3);
    const cursor = JSON.parse(two.body).nextCursor as string;
    const next = await kept(`/api/user/songs?limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(titles(next.body)[0]).toBe(titles(three.body)[2]);
    const rock = await kept('/api/user/songs?limit=50&genre=rock');
    expect(titles(rock.body)).toEqual([]);
  });

  it('is never served with links of an expiry step that has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start);
    const before = await kept();
    vi.setSystemTime(start + 10 * 60 * 1000);
    const ran = await statements.during(() => read());
    const after = await read();
    expect(songReads(ran)).not.toEqual([]);
    const expiresOf = (body: string) =>
      Number(new URL(firstSong(body).audioFile, 'http://x').searchParams.get('expires'));
    expect(expiresOf(after.body)).toBe(expiresOf(before.body) + 600);
  });
});

type Parts = Parameters<typeof injectForm>[2];
const sendForm = (method: 'POST' | 'PUT', url: string, parts: Parts, node = t) =>
  injectForm(node.app, { method, url, headers: admin.headers }, parts);
const editSong = (id: string, parts: Parts, node = t) =>
  sendForm('PUT', `/api/admin/songs/${id}`, parts, node);

/** A tagged MP3 of a title of its own, for the music folder. */
function scannedSong(title: string): Buffer {
  const tag = id3Tag(3, [
    id3TextFrame(3, 'TIT2', title),
    id3TextFrame(3, 'TPE1', 'The Scanners'),
    id3TextFrame(3, 'TALB', 'Scanned Album'),
  ]);
  return Buffer.concat([tag, untaggedMp3()]);
}

async function scanned(): Promise<void> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/admin/library/scan',
    headers: admin.headers,
  });
  expect(started.statusCode).toBe(202);
  await expect
    .poll(
      async () => {
        const res = await t.app.inject({ url: '/api/admin/library/scan', headers: admin.headers });
        return res.json().data.running as boolean;
      },
      { timeout: 60_000, interval: 20 },
    )
    .toBe(false);
}

/** Each way the catalogue changes, and what a listener sees of it on the first page. */
const writes: [string, () => Promise<(page: string) => void>][] = [
  [
    'an upload',
    async () => {
      const res = await sendForm('POST', '/api/admin/songs', {
        title: 'Uploaded',
        artist: 'Uploader',
        audioFile: { filename: 'song.mp3', contentType: 'audio/mpeg', content: taggedMp3() },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (page) => expect(titles(page)).toContain('Uploaded');
    },
  ],
  [
    'an edit of a title',
    async () => {
      const { song } = await createSong(t, { title: 'Before' });
      await kept();
      expect((await editSong(song._id, { title: 'After' })).statusCode).toBe(200);
      return (page) => {
        expect(titles(page)).toContain('After');
        expect(titles(page)).not.toContain('Before');
      };
    },
  ],
  [
    'a new cover',
    async () => {
      const song = firstSong((await read()).body);
      const res = await editSong(song._id, {
        coverImage: { filename: 'cover.png', contentType: 'image/png', content: pngBytes('new') },
      });
      expect(res.statusCode, res.body).toBe(200);
      const cover = res.json<{ data: Song }>().data.coverImage;
      expect(cover).not.toBe(song.coverImage);
      return (page) => expect(firstSong(page).coverImage).toBe(cover);
    },
  ],
  [
    'a change of artist and album',
    async () => {
      const song = firstSong((await read()).body);
      const res = await editSong(song._id, { artist: 'Somebody Else', album: 'Another Album' });
      expect(res.statusCode, res.body).toBe(200);
      return (page) => {
        expect(firstSong(page).artists.map((artist) => artist.name)).toEqual(['Somebody Else']);
        expect(firstSong(page).album).toBe('Another Album');
        expect(firstSong(page).albumId).not.toBe(song.albumId);
      };
    },
  ],
  [
    'a deletion',
    async () => {
      const song = firstSong((await read()).body);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/songs/${song._id}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      return (page) => expect(titles(page)).not.toContain(song.title);
    },
  ],
  [
    'a library import',
    async () => {
      const res = await injectForm(
        t.app,
        { method: 'POST', url: '/api/admin/library/uploads', headers: admin.headers },
        {
          file: {
            filename: 'imported.mp3',
            contentType: 'application/octet-stream',
            content: scannedSong('Imported'),
          },
        },
      );
      expect(res.statusCode, res.body).toBe(201);
      return (page) => expect(titles(page)).toContain('Imported');
    },
  ],
  [
    'a scan of the music folders',
    async () => {
      fs.writeFileSync(path.join(music, 'scanned.mp3'), scannedSong('Scanned'));
      await scanned();
      return (page) => expect(titles(page)).toContain('Scanned');
    },
  ],
  [
    'a write through a repository, outside any route',
    async () => {
      await createSong(t, { title: 'Inserted' });
      return (page) => expect(titles(page)).toContain('Inserted');
    },
  ],
  [
    'a statement written by hand',
    async () => {
      const song = firstSong((await read()).body);
      await sql`UPDATE songs SET title = ${'Renamed By Hand'} WHERE id = ${song._id}`.execute(
        t.database.db,
      );
      return (page) => expect(titles(page)[0]).toBe('Renamed By Hand');
    },
  ],
];

describe('a kept page is dropped', () => {
  it.each(writes)('after %s', async (_name, write) => {
    await kept();
    const visitorPage = '/api/general/songs?limit=50';
    await kept(visitorPage, {});
    const expectation = await write();
    expectation((await read()).body);
    expectation((await read(visitorPage, {})).body);
  });

  it('but not after a play, which only counts it', async () => {
    const before = await kept();
    const played = await t.app.inject({
      method: 'POST',
      url: `/api/user/songs/${firstSong(before.body)._id}/play`,
      headers: listener.headers,
    });
    expect(played.statusCode).toBe(200);
    const ran = await statements.during(() => read());
    expect(songReads(ran)).toEqual([]);
  });

  it('after a write that rolled back, whose page is kept again', async () => {
    const before = await kept();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await sql`UPDATE songs SET title = ${'Never'}`.execute(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await kept()).body).toBe(before.body);
  });
});

onSqlite.describe('on SQLite', () => {
  it('a write by another process (npm run scan, the sqlite3 shell) drops the kept page', async () => {
    const song = firstSong((await kept()).body);
    const other = new SQLite(path.join(t.dataDir, 'cadenza.db'));
    try {
      other.prepare('UPDATE songs SET title = ? WHERE id = ?').run('Renamed Elsewhere', song._id);
    } finally {
      other.close();
    }
    expect(titles((await read()).body)).toContain('Renamed Elsewhere');
    expect((await kept()).body).toContain('Renamed Elsewhere');
  });
});

describe.skipIf(!redisServer)('two nodes sharing Redis', () => {
  it('a write answered on one node has dropped the page the other kept', async () => {
    const shared = redis ?? (redis = await startRedisServer(redisServer!));
    const env = {
      REDIS_URL: shared.url,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    };
    const a = await createTestApp({ env });
    opened.push(a);
    const logOfB = new StatementLog();
    const b = await createTestApp({ nodeOf: a, env, onQuery: logOfB.onQuery });
    opened.push(b);
    const adminOfA = await createAdmin(a);
    const user = await createUser(a);
    const { song } = await createSong(a, { title: 'On Both Nodes' });

    const first = await read(PAGE, user.headers, b);
    const ran = await logOfB.during(() => read(PAGE, user.headers, b));
    expect(songReads(ran)).toEqual([]);
    expect(titles(first.body)).toEqual(['On Both Nodes']);

    const edited = await injectForm(
      a.app,
      { method: 'PUT', url: `/api/admin/songs/${song._id}`, headers: adminOfA.headers },
      { title: 'Changed On A' },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(titles((await read(PAGE, user.headers, b)).body)).toEqual(['Changed On A']);
  });
});
