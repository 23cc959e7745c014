import {
  createHash,
  createHmac,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  sign,
} from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlaylist, createUser, type CreatedUser } from '../test/factories';
import { jpegBytes } from '../test/media-bytes';
import { multipartBody } from '../test/multipart';
import { createSong, type CreatedSong } from '../test/songs';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../test/test-app';
import { PasswordResetsRepository } from './modules/auth/password-resets.repository';
import { resolveJwtSecret } from './secrets';

/**
 * Regression tests for the classes of vulnerability found in comparable servers (Navidrome,
 * Funkwhale, Jellyfin). Each describe names its class; every test runs on SQLite and PostgreSQL.
 */

const SECRET_TEXT = 'top secret: never served';

let t: TestApp;
let base: string;
let webRoot: string;
let admin: CreatedUser;
let alice: CreatedUser;
let bob: CreatedUser;
let quiet: CreatedSong;
let velvet: CreatedSong;

beforeAll(async () => {
  // The web root sits beside files that must never be served: one in its parent, one in a
  // sibling folder whose name starts with the root's (a prefix check without a separator fails).
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-regressions-'));
  webRoot = path.join(base, 'web');
  fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Cadenza</title>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1.js'), 'console.log(1)');
  fs.writeFileSync(path.join(base, 'secret.txt'), SECRET_TEXT);
  fs.mkdirSync(path.join(base, 'web-private'));
  fs.writeFileSync(path.join(base, 'web-private', 'secret.txt'), SECRET_TEXT);

  t = await createTestApp({ webRoot });
  // Beside the media store, and in a sibling of it.
  fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), SECRET_TEXT);
  fs.mkdirSync(path.join(t.dataDir, 'media-private'));
  fs.writeFileSync(path.join(t.dataDir, 'media-private', 'secret.txt'), SECRET_TEXT);

  admin = await createAdmin(t);
  alice = await createUser(t, { name: 'Alice' });
  bob = await createUser(t, { name: 'Bob' });
  // Titles share no word with the injection strings below, so a search for one finds nothing.
  quiet = await createSong(t, {
    title: 'Quiet River',
    artist: 'Nora Lane',
    album: 'Tides',
    cover: jpegBytes(600),
  });
  velvet = await createSong(t, { title: 'Velvet Night', artist: 'Kai Moss', album: 'Dusk' });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(base, { recursive: true, force: true });
});

function call(options: InjectOptions & { url: string }, who: CreatedUser | null = alice) {
  return t.app.inject({ ...options, headers: { ...who?.headers, ...options.headers } });
}

/** docs/architecture.md §5's failure envelope. */
function expectEnvelope(res: { json(): unknown }) {
  expect(res.json()).toEqual(
    expect.objectContaining({ success: false, message: expect.any(String) }),
  );
}

// ---------------------------------------------------------------------------------------------
// Forged JWTs: default secrets, alg none, foreign keys (Navidrome CVE-2023-51442)
// ---------------------------------------------------------------------------------------------

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function claimsFor(userId: string, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return { sub: userId, tv: 0, jti: randomUUID(), iat: now, exp: now + 3600, ...overrides };
}

/** An HMAC-signed JWT with any header, claims and key (empty keys included). */
function hmacJwt(
  key: string | Buffer,
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
  hash: 'sha256' | 'sha384' | 'sha512' = 'sha256',
): string {
  const input = `${base64url(header)}.${base64url(claims)}`;
  return `${input}.${createHmac(hash, key).update(input).digest('base64url')}`;
}

const foreignKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const foreignPublicPem = foreignKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

function rs256Jwt(claims: Record<string, unknown>, header: Record<string, unknown> = {}): string {
  const input = `${base64url({ alg: 'RS256', typ: 'JWT', ...header })}.${base64url(claims)}`;
  const signature = sign('sha256', Buffer.from(input), foreignKeys.privateKey);
  return `${input}.${signature.toString('base64url')}`;
}

async function expectRefused(token: string) {
  for (const [url, who] of [
    ['/api/user/profile', 'listener'],
    ['/api/admin/users', 'admin'],
  ] as const) {
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect({ url, who, status: res.statusCode }).toEqual({ url, who, status: 401 });
    expectEnvelope(res);
  }
}

describe('forged or default JWT secret, alg none and foreign-key tokens (Navidrome CVE-2023-51442)', () => {
  it('the real secret signs a token that works (control)', async () => {
    const token = hmacJwt(TEST_JWT_SECRET, claimsFor(admin.user._id));
    const res = await t.app.inject({
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['Navidrome’s default key', 'not so secret'],
    ['an empty key', ''],
    ['a common default', 'secret'],
    ['another long random key', randomBytes(48).toString('base64url')],
    ['the real key with a character changed', `${TEST_JWT_SECRET.slice(0, -1)}X`],
  ])('refuses tokens signed with %s', async (_name, key) => {
    await expectRefused(hmacJwt(key, claimsFor(admin.user._id)));
  });

  it.each(['none', 'None', 'NONE', 'nOnE'])(
    'refuses alg %s, with and without a signature',
    async (alg) => {
      const unsigned = `${base64url({ alg, typ: 'JWT' })}.${base64url(claimsFor(admin.user._id))}`;
      await expectRefused(`${unsigned}.`);
      await expectRefused(unsigned);
      const realSignature = hmacJwt(TEST_JWT_SECRET, claimsFor(admin.user._id)).split('.')[2];
      await expectRefused(`${unsigned}.${realSignature}`);
    },
  );

  it('refuses HS256 keyed with a public key (algorithm confusion)', async () => {
    await expectRefused(hmacJwt(foreignPublicPem, claimsFor(admin.user._id)));
  });

  it('refuses RS256 signed with a foreign key, with or without the key embedded or linked', async () => {
    const jwk = foreignKeys.publicKey.export({ format: 'jwk' });
    await expectRefused(rs256Jwt(claimsFor(admin.user._id)));
    await expectRefused(rs256Jwt(claimsFor(admin.user._id), { jwk }));
    await expectRefused(rs256Jwt(claimsFor(admin.user._id), { jku: 'https://attacker.test/jwks' }));
  });

  it('refuses another HMAC algorithm, even with the real key, and a kid pointing at a file', async () => {
    await expectRefused(
      hmacJwt(TEST_JWT_SECRET, claimsFor(admin.user._id), { alg: 'HS512', typ: 'JWT' }, 'sha512'),
    );
    await expectRefused(
      hmacJwt('', claimsFor(admin.user._id), { alg: 'HS256', kid: '../../../../../dev/null' }),
    );
  });

  it('refuses an expired token and one not valid yet', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(
      hmacJwt(TEST_JWT_SECRET, claimsFor(admin.user._id, { iat: now - 7200, exp: now - 60 })),
    );
    await expectRefused(hmacJwt(TEST_JWT_SECRET, claimsFor(admin.user._id, { nbf: now + 3600 })));
  });

  it('refuses a real token whose payload was changed (another user, a higher version)', async () => {
    const [header, , signature] = alice.token.split('.');
    for (const claims of [
      claimsFor(admin.user._id),
      {
        ...JSON.parse(Buffer.from(alice.token.split('.')[1] ?? '', 'base64url').toString()),
        tv: 1,
      },
    ]) {
      await expectRefused(`${header}.${base64url(claims)}.${signature}`);
    }
  });

  it('refuses a token without its session claims (no jti, tv or exp)', async () => {
    for (const missing of ['jti', 'tv', 'exp', 'sub']) {
      const claims: Record<string, unknown> = claimsFor(admin.user._id);
      delete claims[missing];
      await expectRefused(hmacJwt(TEST_JWT_SECRET, claims));
    }
  });

  it('refuses the token of a deleted user', async () => {
    const doomed = await createUser(t);
    const deleted = await call(
      { method: 'DELETE', url: `/api/admin/users/${doomed.user._id}` },
      admin,
    );
    expect(deleted.statusCode).toBe(200);
    const res = await t.app.inject({ url: '/api/user/profile', headers: doomed.headers });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token whose version was bumped, either way', async () => {
    const user = await createUser(t);
    // A forged "newer" version, signed with the real key, is not the account's version either.
    const ahead = hmacJwt(TEST_JWT_SECRET, claimsFor(user.user._id, { tv: 1 }));
    expect(
      (
        await t.app.inject({
          url: '/api/user/profile',
          headers: { authorization: `Bearer ${ahead}` },
        })
      ).statusCode,
    ).toBe(401);
    // A password reset bumps the account's version: every older token stops working.
    const token = randomBytes(32).toString('base64url');
    await new PasswordResetsRepository(t.database.db).insert(
      createHash('sha256').update(token).digest('hex'),
      user.user._id,
      new Date(Date.now() + 60_000),
    );
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: 'a-new-secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/user/profile', headers: user.headers })).statusCode,
    ).toBe(401);
  });

  it('never runs on a default key: the generated one is random per data folder and private', () => {
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-secret-')));
    try {
      const [first, second] = dirs.map((dir) => resolveJwtSecret(undefined, dir));
      expect(first).not.toBe(second);
      expect(first?.length).toBeGreaterThanOrEqual(32);
      expect(resolveJwtSecret(undefined, dirs[0] as string)).toBe(first);
      const mode = fs.statSync(path.join(dirs[0] as string, 'jwt-secret')).mode & 0o777;
      expect(mode).toBe(0o600);
    } finally {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// SQL through sort, filter and cursor parameters (CVE-2024-47062)
// ---------------------------------------------------------------------------------------------

const INJECTIONS = [
  "' OR '1'='1",
  "1' OR 1=1 --",
  '1; DROP TABLE songs; --',
  "x'); DELETE FROM users; --",
  "') UNION SELECT id, password_hash FROM users --",
  '" OR ""="',
  "%' OR 1=1 --",
  '%',
  '_',
  '*',
  '\\',
  "'",
  '\u0000',
  'a\u0000b',
  '$1',
  '?',
  ':id',
  '-1',
  '0',
  '1e309',
  'NaN',
  '[]',
  '{"$gt":""}',
  '__proto__',
  '😀'.repeat(40),
  'x'.repeat(1000),
];

/**
 * Keyset positions a client could wrap into a cursor, each with SQL in it and a harmless twin:
 * if the SQL did anything, the two would not answer alike.
 */
const FORGED_POSITIONS: Array<[forged: string, twin: string]> = [
  ["2030-01-01T00:00:00.000Z~' OR '1'='1", '2030-01-01T00:00:00.000Z~0'],
  ["2000-01-01T00:00:00.000Z~' OR '1'='1", '2000-01-01T00:00:00.000Z~0'],
  [
    "2030-01-01T00:00:00.000Z~x') UNION SELECT password_hash FROM users --",
    '2030-01-01T00:00:00.000Z~x',
  ],
  ["o2000-01-01T00:00:00.000Z~' OR 1=1 --", 'o2000-01-01T00:00:00.000Z~0'],
  ["d2030-01-01T00:00:00.000Z~' OR 1=1 --", 'd2030-01-01T00:00:00.000Z~0'],
];
/** Positions that are no position at all: odd dates, control characters, missing parts. */
const BROKEN_POSITIONS = [
  "' OR 1=1 --~x",
  '+275760-09-13T00:00:00.000Z~x',
  '-271821-04-20T00:00:00.000Z~x',
  '0000-01-01T00:00:00.000Z~x',
  'o-000001-01-01T00:00:00.000Z~x',
  'd+100000-01-01T00:00:00.000Z~x',
  '2000-01-01T00:00:00.000Z~\u0000',
  '2000-01-01T00:00:00.000Z~a\u0000b',
  '\u0000',
  '2000-01-01T00:00:00.000Z',
  '~',
];
const wrap = (after: unknown) => Buffer.from(JSON.stringify({ after })).toString('base64url');
const BROKEN_CURSORS = [
  ...INJECTIONS,
  ...BROKEN_POSITIONS.map(wrap),
  wrap({ $gt: '' }),
  wrap(['x']),
  Buffer.from('{"after":"x","__proto__":{"admin":true}}').toString('base64url'),
];

/** An empty list, or (GET /api/user/search/all) an object of nothing but empty lists. */
function findsNothing(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  if (typeof data !== 'object' || data === null) return false;
  const lists = Object.values(data);
  return lists.length > 0 && lists.every((list) => Array.isArray(list) && list.length === 0);
}

/** Query parameters no route declares, as a client might try for sorting and filtering. */
const SORT_LIKE = ['sort', 'order', 'orderBy', 'order_by', 'dir', 'genre', 'filter', 'q', 'fields'];

interface DocumentedRoute {
  readonly method: string;
  /** OpenAPI form: `/api/user/playlists/{id}`. */
  readonly route: string;
  readonly query: string[];
  readonly pathParams: string[];
}

async function documentedRoutes(): Promise<DocumentedRoute[]> {
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
  }>();
  return Object.entries(doc.paths).flatMap(([route, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      route: route.replace(/(.)\/$/, '$1'),
      query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
    })),
  );
}

/** Who may call a route: the admin area needs the admin, everything else takes a listener. */
const callerFor = (route: string) => (route.startsWith('/api/admin') ? admin : alice);

/** A real id for each path parameter, so that one parameter at a time can be the bad one. */
function realParams(route: string, ids: { playlist: string; adminPlaylist: string }) {
  const isPlaylist = route.includes('playlists');
  const playlist = route.startsWith('/api/admin') ? ids.adminPlaylist : ids.playlist;
  return {
    id: isPlaylist ? playlist : route.includes('/users/') ? bob.user._id : quiet.song._id,
    playlistId: playlist,
    songId: quiet.song._id,
    resetToken: 'x',
    name: 'song.jpg',
    '*': quiet.row.audio_key.replace(/^audio\//, ''),
  } as Record<string, string>;
}

function fill(route: string, params: Record<string, string>): string {
  return route.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = [
    'users',
    'songs',
    'likes',
    'saves',
    'plays',
    'playlists',
    'playlist_songs',
    'password_resets',
    'revoked_tokens',
    'contact_messages',
    'feedback',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe('SQL through sort, filter and cursor parameters (CVE-2024-47062)', () => {
  let routes: DocumentedRoute[];
  let before: Record<string, number>;
  let ids: { playlist: string; adminPlaylist: string };
  let passwordHashBefore: string;

  beforeAll(async () => {
    routes = await documentedRoutes();
    ids = {
      playlist: await createPlaylist(t, alice, { songIds: [quiet.song._id] }),
      adminPlaylist: await createPlaylist(t, admin, {
        isDefault: true,
        songIds: [quiet.song._id],
      }),
    };
    await call({ method: 'PUT', url: `/api/user/songs/${quiet.song._id}/like` });
    await call({ method: 'POST', url: `/api/user/songs/${quiet.song._id}/play` });
    before = await tableCounts();
    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', alice.user._id)
      .executeTakeFirstOrThrow();
    passwordHashBefore = row.password_hash;
  });

  it('covers the list routes it should', () => {
    const listRoutes = routes.filter((r) => r.method === 'GET' && r.query.length > 0);
    expect(listRoutes.map((r) => r.route)).toEqual(
      expect.arrayContaining([
        '/api/user/songs',
        '/api/user/songs/search',
        '/api/user/songs/recently-played',
        '/api/user/history',
        '/api/user/history/unmatched',
        '/api/user/playlists',
        '/api/general/songs',
        '/api/admin/users',
        '/api/admin/songs',
        '/api/admin/playlists',
        '/api/admin/messages',
        '/api/admin/feedback',
      ]),
    );
  });

  it('answers injection strings in every query parameter of every route with 400 or nothing', async () => {
    const outcomes: string[] = [];
    for (const route of routes.filter((r) => r.query.length > 0 && r.method === 'GET')) {
      const params = realParams(route.route, ids);
      for (const name of route.query) {
        // A cursor is refused for what it is; other parameters may also be read as plain text
        // that matches nothing (a search for "' OR '1'='1" finds no song).
        const values = name === 'cursor' ? BROKEN_CURSORS : INJECTIONS;
        for (const value of values) {
          const url = `${fill(route.route, params)}?${new URLSearchParams({ [name]: value }).toString()}`;
          const res = await call({ method: 'GET', url }, callerFor(route.route));
          const body = res.statusCode === 200 ? res.json<{ data?: unknown }>() : null;
          const empty = name !== 'cursor' && findsNothing(body?.data);
          // Single sign-on is not set up in this app: its routes answer that before any read.
          const notSetUp =
            res.statusCode === 404 &&
            res.json<{ code?: string }>().code === 'sign_in_not_configured';
          if (res.statusCode === 400 || res.statusCode === 403) expectEnvelope(res);
          else if (notSetUp) continue;
          else if (!empty) {
            outcomes.push(
              `${res.statusCode} ${route.route} ${name}=${JSON.stringify(value).slice(0, 60)}`,
            );
          }
        }
      }
    }
    expect(outcomes).toEqual([]);
  });

  it('reads SQL inside a well-formed cursor as plain data: it answers like its harmless twin', async () => {
    const outcomes: string[] = [];
    const answer = async (route: string, position: string) => {
      const res = await call(
        { method: 'GET', url: `${route}?cursor=${wrap(position)}` },
        callerFor(route),
      );
      const data = res.statusCode === 200 ? res.json<{ data: Array<{ _id: string }> }>().data : [];
      return `${res.statusCode} ${data.map((item) => item._id).join(',')}`;
    };
    for (const route of routes.filter((r) => r.method === 'GET' && r.query.includes('cursor'))) {
      for (const [forged, twin] of FORGED_POSITIONS) {
        const [got, expected] = [
          await answer(route.route, forged),
          await answer(route.route, twin),
        ];
        if (got !== expected || got.startsWith('5')) {
          outcomes.push(`${route.route} ${JSON.stringify(forged)}: ${got} (twin: ${expected})`);
        }
      }
    }
    expect(outcomes).toEqual([]);
  });

  // Every list route tried with many parameters: the run grows with the routes there are.
  it('ignores sort- and filter-like parameters no route declares', async () => {
    const outcomes: string[] = [];
    const ids = (res: { statusCode: number; json(): unknown }) =>
      res.statusCode === 200
        ? JSON.stringify((res.json() as { data?: unknown }).data, (key, value: unknown) =>
            key === 'audioFile' ? undefined : value,
          )
        : String(res.statusCode);
    for (const route of routes.filter((r) => r.method === 'GET' && r.pathParams.length === 0)) {
      const who = callerFor(route.route);
      const baseline = ids(await call({ method: 'GET', url: route.route }, who));
      // A parameter the route declares (the album list's `sort`) is checked with the others above.
      for (const name of SORT_LIKE.filter((undeclared) => !route.query.includes(undeclared))) {
        for (const value of INJECTIONS.slice(0, 8)) {
          const url = `${route.route}?${new URLSearchParams({ [name]: value }).toString()}`;
          const res = await call({ method: 'GET', url }, who);
          if (ids(res) !== baseline) outcomes.push(`${res.statusCode} ${url}`);
        }
      }
    }
    expect(outcomes).toEqual([]);
  }, 60_000);

  it('answers injection strings in every id of every route with 400, 403, 404 or 414', async () => {
    const outcomes: string[] = [];
    for (const route of routes.filter((r) => r.pathParams.length > 0)) {
      const real = realParams(route.route, ids);
      for (const param of route.pathParams) {
        for (const value of INJECTIONS) {
          const url = fill(route.route, { ...real, [param]: value });
          const res = await call(
            {
              method: route.method as NonNullable<InjectOptions['method']>,
              url,
              ...(['PUT', 'POST'].includes(route.method) ? { payload: {} } : {}),
            },
            callerFor(route.route),
          );
          // 414: longer than any id, refused by the router itself.
          if ([400, 403, 404, 414].includes(res.statusCode)) expectEnvelope(res);
          else {
            const shown = JSON.stringify(value).slice(0, 60);
            outcomes.push(`${res.statusCode} ${route.method} ${route.route} ${param}=${shown}`);
          }
        }
      }
    }
    expect(outcomes).toEqual([]);
  });

  it('refuses NUL characters in JSON bodies and form fields with 400 (PostgreSQL cannot hold them)', async () => {
    const sends: Array<[string, InjectOptions & { url: string }, CreatedUser | null]> = [
      [
        'register',
        {
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'A\u0000B', email: 'nul@example.com', password: 'secret-123' },
        },
        null,
      ],
      [
        'login',
        {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@b.co', password: 'x\u0000' },
        },
        null,
      ],
      [
        'contact',
        {
          method: 'POST',
          url: '/api/support/contact',
          payload: {
            name: 'N',
            email: 'n@example.com',
            subject: 'S',
            message: 'hello\u0000world, a long enough message',
            issueType: 'account',
          },
        },
        null,
      ],
      [
        'playlist (JSON)',
        { method: 'POST', url: '/api/user/playlists', payload: { name: 'P\u0000' } },
        alice,
      ],
      [
        'playlist (nested key)',
        { method: 'POST', url: '/api/user/playlists', payload: { name: 'P', ['x\u0000']: 1 } },
        alice,
      ],
      [
        'playlist (form)',
        { method: 'POST', url: '/api/user/playlists', ...multipartBody({ name: 'P\u0000Q' }) },
        alice,
      ],
      [
        'song (form)',
        {
          method: 'PUT',
          url: `/api/admin/songs/${quiet.song._id}`,
          ...multipartBody({ title: 'T\u0000' }),
        },
        admin,
      ],
      ['search', { method: 'GET', url: '/api/user/songs/search?query=a%00b' }, alice],
    ];
    const outcomes: string[] = [];
    for (const [name, options, who] of sends) {
      const res = await call(options, who);
      if (res.statusCode !== 400)
        outcomes.push(`${name}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      else expectEnvelope(res);
    }
    expect(outcomes).toEqual([]);
  });

  it('leaves every table and row as it was', async () => {
    expect(await tableCounts()).toEqual(before);
    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', alice.user._id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBe(passwordHashBefore);
    const songs = await call({ method: 'GET', url: '/api/user/songs' });
    expect(songs.statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Playlist owner and isDefault tampering (Navidrome CVE-2024-32963)
// ---------------------------------------------------------------------------------------------

describe('playlist owner and isDefault tampering in create and update bodies (CVE-2024-32963)', () => {
  const tampering = (victim: CreatedUser) => ({
    owner: victim.user._id,
    ownerId: victim.user._id,
    owner_id: victim.user._id,
    userId: victim.user._id,
    isDefault: true,
    is_default: true,
    _id: '00000000-0000-7000-8000-000000000000',
    id: '00000000-0000-7000-8000-000000000000',
    createdAt: '2000-01-01T00:00:00.000Z',
  });

  async function expectOwnedByCaller(playlistId: string) {
    const row = await t.database.db
      .selectFrom('playlists')
      .select(['owner_id', 'is_default', 'created_at'])
      .where('id', '=', playlistId)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(alice.user._id);
    expect(Boolean(row.is_default)).toBe(false);
    expect(new Date(row.created_at).getFullYear()).toBeGreaterThan(2000);
  }

  it('a JSON create takes neither another owner nor the default flag', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/user/playlists',
      payload: { name: 'Mine', ...tampering(admin) },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ owner: { _id: alice.user._id }, isDefault: false });
    expect(created._id).not.toBe('00000000-0000-7000-8000-000000000000');
    await expectOwnedByCaller(created._id);
  });

  it('a multipart create takes neither another owner nor the default flag', async () => {
    const fields = Object.fromEntries(
      Object.entries({ name: 'Mine too', ...tampering(bob) }).map(([k, v]) => [k, String(v)]),
    );
    const res = await call({
      method: 'POST',
      url: '/api/user/playlists',
      ...multipartBody(fields),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ owner: { _id: alice.user._id }, isDefault: false });
    await expectOwnedByCaller(created._id);
    // Bob, the would-be owner, does not see it among his playlists.
    const bobs = await call({ method: 'GET', url: '/api/user/playlists' }, bob);
    expect(bobs.json().data.map((p: { _id: string }) => p._id)).not.toContain(created._id);
  });

  it('a prototype-polluting body is refused and changes nothing', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/user/playlists',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Proto","__proto__":{"isDefault":true,"ownerId":"x"}}',
    });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res);
    expect(({} as Record<string, unknown>).isDefault).toBeUndefined();
  });

  it('an update sent to the listener routes changes neither owner nor default flag', async () => {
    const playlistId = await createPlaylist(t, alice, { name: 'Before' });
    // There is no listener route that edits a playlist's fields: such a PUT is not found.
    const put = await call({
      method: 'PUT',
      url: `/api/user/playlists/${playlistId}`,
      payload: { name: 'After', ...tampering(admin) },
    });
    expect(put.statusCode).toBe(404);
    // Adding a song with a tampering body adds the song and nothing else.
    const add = await call({
      method: 'PUT',
      url: `/api/user/playlists/${playlistId}/songs/${quiet.song._id}`,
      payload: { name: 'After', ...tampering(admin) },
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().data).toMatchObject({
      name: 'Before',
      isDefault: false,
      owner: { _id: alice.user._id },
    });
    await expectOwnedByCaller(playlistId);
  });

  it("a listener cannot use the admin area's playlist routes to set either", async () => {
    const playlistId = await createPlaylist(t, alice);
    const attempts = [
      call({
        method: 'POST',
        url: '/api/admin/playlists',
        payload: { name: 'X', isDefault: true },
      }),
      call({
        method: 'PUT',
        url: `/api/admin/playlists/${playlistId}`,
        payload: { isDefault: true, ownerId: admin.user._id },
      }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(403);
    await expectOwnedByCaller(playlistId);
  });
});

// ---------------------------------------------------------------------------------------------
// Object-level authorization across two listeners (Funkwhale)
// ---------------------------------------------------------------------------------------------

describe('object-level authorization across two listeners (Funkwhale)', () => {
  async function songsOf(playlistId: string) {
    const res = await call({ method: 'GET', url: `/api/user/playlists/${playlistId}` }, alice);
    expect(res.statusCode).toBe(200);
    return res.json().data.songs.map((song: { _id: string }) => song._id);
  }

  it("B can neither see, add to, remove from nor delete A's private playlist", async () => {
    const privateId = await createPlaylist(t, alice, {
      isPublic: false,
      songIds: [quiet.song._id],
    });
    const attempts: Array<InjectOptions & { url: string }> = [
      { method: 'GET', url: `/api/user/playlists/${privateId}` },
      { method: 'PUT', url: `/api/user/playlists/${privateId}/songs/${velvet.song._id}` },
      { method: 'DELETE', url: `/api/user/playlists/${privateId}/songs/${quiet.song._id}` },
      { method: 'DELETE', url: `/api/user/playlists/${privateId}` },
    ];
    for (const attempt of attempts) {
      const res = await call(attempt, bob);
      // As if it did not exist: a private playlist's id tells B nothing.
      expect({ url: attempt.url, method: attempt.method, status: res.statusCode }).toEqual({
        url: attempt.url,
        method: attempt.method,
        status: 404,
      });
    }
    expect(await songsOf(privateId)).toEqual([quiet.song._id]);
    const bobs = await call({ method: 'GET', url: '/api/user/playlists' }, bob);
    expect(bobs.json().data.map((p: { _id: string }) => p._id)).not.toContain(privateId);
  });

  it("B may open A's public playlist by its id, but not change or delete it", async () => {
    const publicId = await createPlaylist(t, alice, { isPublic: true, songIds: [quiet.song._id] });
    expect(
      (await call({ method: 'GET', url: `/api/user/playlists/${publicId}` }, bob)).statusCode,
    ).toBe(200);
    for (const attempt of [
      { method: 'PUT', url: `/api/user/playlists/${publicId}/songs/${velvet.song._id}` },
      { method: 'DELETE', url: `/api/user/playlists/${publicId}/songs/${quiet.song._id}` },
      { method: 'DELETE', url: `/api/user/playlists/${publicId}` },
    ] as const) {
      expect((await call(attempt, bob)).statusCode).toBe(403);
    }
    expect(await songsOf(publicId)).toEqual([quiet.song._id]);
    // A public playlist of A is not one of B's playlists.
    const bobs = await call({ method: 'GET', url: '/api/user/playlists' }, bob);
    expect(bobs.json().data.map((p: { _id: string }) => p._id)).not.toContain(publicId);
  });

  it("likes and saves are each listener's own: B's toggle never touches A's", async () => {
    const carol = await createUser(t);
    const dave = await createUser(t);
    const song = (await createSong(t, { title: 'Amber Hall', artist: 'Ivo Reed' })).song._id;
    for (const kind of ['like', 'save'] as const) {
      const key = kind === 'like' ? 'liked' : 'saved';
      const list = kind === 'like' ? 'likedSongs' : 'savedSongs';
      const toggle = (who: CreatedUser) =>
        call({ method: 'PUT', url: `/api/user/songs/${song}/${kind}` }, who);
      expect((await toggle(carol)).json()[key]).toBe(true);
      // Dave's first toggle is his own "on", not a toggle of Carol's.
      expect((await toggle(dave)).json()[key]).toBe(true);
      expect((await toggle(dave)).json()[key]).toBe(false);
      const profile = async (who: CreatedUser) =>
        (await call({ method: 'GET', url: '/api/user/profile' }, who))
          .json()
          .data[list].map((s: { _id: string }) => s._id);
      expect(await profile(carol)).toEqual([song]);
      expect(await profile(dave)).toEqual([]);
    }
  });

  it("recently played is each listener's own", async () => {
    const carol = await createUser(t);
    const dave = await createUser(t);
    expect(
      (await call({ method: 'POST', url: `/api/user/songs/${velvet.song._id}/play` }, carol))
        .statusCode,
    ).toBe(200);
    const recent = async (who: CreatedUser) =>
      (await call({ method: 'GET', url: '/api/user/songs/recently-played' }, who))
        .json()
        .data.map((entry: { song: { _id: string } }) => entry.song._id);
    expect(await recent(carol)).toEqual([velvet.song._id]);
    expect(await recent(dave)).toEqual([]);
  });

  it("B cannot reach A's account through the admin area", async () => {
    for (const attempt of [
      { method: 'DELETE', url: `/api/admin/users/${alice.user._id}` },
      { method: 'GET', url: '/api/admin/users' },
    ] as const) {
      expect((await call(attempt, bob)).statusCode).toBe(403);
    }
    expect((await call({ method: 'GET', url: '/api/user/profile' }, alice)).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Path traversal against /media and the web root (Jellyfin CVE-2021-21402)
// ---------------------------------------------------------------------------------------------

/** Requests sent the way an attacker types them: `app.inject` would normalise `..` away. */
async function rawGet(port: number, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: rawPath }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const TRAVERSALS = [
  '/../secret.txt',
  '/..%2fsecret.txt',
  '/%2e%2e/secret.txt',
  '/%2e%2e%2fsecret.txt',
  '/.%2e/secret.txt',
  '/assets/../../secret.txt',
  '/assets/..%2f..%2fsecret.txt',
  '/assets/%2e%2e/%2e%2e/secret.txt',
  '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
  '/..\\secret.txt',
  '/assets\\..\\..\\secret.txt',
  '/..%5csecret.txt',
  '/%2e%2e%5c%2e%2e%5csecret.txt',
  '/%252e%252e%252fsecret.txt',
  '/..%252fsecret.txt',
  '/%c0%ae%c0%ae/secret.txt',
  '/..;/secret.txt',
  '//etc/passwd',
  '/%2fetc%2fpasswd',
  '/C:%5cWindows%5cwin.ini',
  '/%5c%5cserver%5cshare%5csecret.txt',
  '/index.html%00.js',
  '/assets/app-1.js%00',
  '/%00../secret.txt',
  '/../web-private/secret.txt',
  '/..%2fweb-private%2fsecret.txt',
  '/assets/..%2f..%2fweb-private%2fsecret.txt',
  '/media/../secret.txt',
  '/media/images/../../secret.txt',
  '/media/images/..%2f..%2fsecret.txt',
  '/media/images/%2e%2e%2f%2e%2e%2fsecret.txt',
  '/media/images/..%5c..%5csecret.txt',
  '/media/images/..\\..\\secret.txt',
  '/media/images/%252e%252e%252fsecret.txt',
  '/media/images/..%2fmedia-private%2fsecret.txt',
  '/media/images/..%2f..%2fmedia-private%2fsecret.txt',
  '/media/images/%2fetc%2fpasswd',
  '/media/images//etc/passwd',
  '/media/images/secret.txt%00.jpg',
  '/media/images/%00',
  '/media/defaults/..%2f..%2f..%2fpackage.json',
  '/media/defaults/%2e%2e',
  '/media/audio/..%2f..%2fsecret.txt?expires=99999999999&signature=x',
];

describe('path traversal against /media and the static web root (Jellyfin CVE-2021-21402)', () => {
  it('serves the web root and media themselves (control)', async () => {
    expect((await t.app.inject({ url: '/assets/app-1.js' })).body).toBe('console.log(1)');
    expect((await t.app.inject({ url: '/library/albums' })).body).toContain('<title>Cadenza');
    expect((await t.app.inject({ url: quiet.song.coverImage })).statusCode).toBe(200);
  });

  async function expectRefusedWithin(url: string) {
    const res = await t.app.inject({ url });
    expect({ url, status: res.statusCode }).toEqual({
      url,
      status: expect.toSatisfy((status: number) => [400, 403, 404].includes(status)),
    });
    expect(res.body).not.toContain(SECRET_TEXT);
    expectEnvelope(res);
  }

  it.each(TRAVERSALS)('never leaves the roots: %s', async (url) => {
    await expectRefusedWithin(url);
  });

  it('never serves an absolute path', async () => {
    await expectRefusedWithin(`/${encodeURIComponent(path.join(base, 'secret.txt'))}`);
    await expectRefusedWithin(`/assets/${encodeURIComponent(path.join(base, 'secret.txt'))}`);
    await expectRefusedWithin(
      `/media/images/${encodeURIComponent(path.join(t.dataDir, 'secret.txt'))}`,
    );
    await expectRefusedWithin(`/media/${encodeURIComponent(path.join(t.dataDir, 'secret.txt'))}`);
  });

  it('never leaves the roots when the path reaches the server exactly as typed', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const outcomes: string[] = [];
      for (const rawPath of TRAVERSALS) {
        const res = await rawGet(port, rawPath);
        if (![400, 403, 404].includes(res.status) || res.body.includes(SECRET_TEXT)) {
          outcomes.push(`${res.status} ${rawPath} ${res.body.slice(0, 40)}`);
        }
      }
      expect(outcomes).toEqual([]);
    } finally {
      t.app.server.close();
    }
  });
});
