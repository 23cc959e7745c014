// Head-of-line blocking: does one slow query stall every other request? On SQLite
// (better-sqlite3, synchronous) each query runs on the server's only JavaScript thread, so a
// query that takes 200 ms holds every other request for 200 ms.
//
// On a generated library (bench/support/library-generator.ts) it
//   1. times, one at a time, the endpoints a listener (and an admin) can call whose work grows
//      with the library, and the slowest queries of bench/search.ts's mix, and prints them;
//   2. measures the first song page (`GET /api/user/songs`, authenticated) at N connections
//      alone and, right after, while one other client repeats the slowest search; then alone
//      again and while one other client repeats the slowest other endpoint; and prints each
//      ratio to the measure alone just before it (target ≥ 0.8).
// The load comes from bench/support/http-load.mjs in child processes; the server runs here.
//
// Run: `npx tsx bench/head-of-line.ts [--db sqlite|postgres|both] [--songs 100000]
//       [--connections 16] [--duration 8] [--library-sqlite DIR] [--library-postgres SCHEMA]
//       [--keep-answers] [--other PATH] [--other-pause MS]`
// (or `npm run bench`). With --keep-answers the server opens the library itself, as in
// production, and so hears every write to the catalogue: it keeps what it may keep of it (song
// pages, decision 063; the Subsonic artist index). Without it, the server is handed the
// library's open database, whose writes it cannot hear, and keeps nothing of the catalogue.
// --other names the endpoint of step 2's second measure (one of the list below, as printed)
// instead of the slowest; --other-pause makes that client (not the search's) wait MS after each answer instead of
// calling again at once (an app that asks now and then: a cheap answer repeated as fast as a
// client can read it measures the bytes' share of two CPUs, not a held thread). A kept library (bench/scale.ts --keep) is used instead of a new build
// for its database, and left as it was found. PostgreSQL comes from
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; it is
// skipped when unreachable.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { createContainer } from '../apps/server/src/container';
import type { DialectName } from '../apps/server/src/db/database';
import { newId } from '../apps/server/src/ids';
import { SESSION_SECONDS, TokenSigner } from '../apps/server/src/modules/auth/tokens';
import { UsersRepository } from '../apps/server/src/modules/users/users.repository';
import { ApiKeysRepository } from '../apps/server/src/modules/api-keys/api-keys.repository';
import {
  DEFAULT_SEED,
  DatabaseUnreachable,
  buildLibrary,
  type BuiltLibrary,
} from './support/library-generator';
import { openKeptLibrary } from './support/kept-library';
import { loadAverageLine, machineLine, today } from './support/machine';
import { runLoad, type LoadResult } from './support/processes';

const JWT_SECRET = randomBytes(32).toString('hex');
const PROBE_ROUNDS = 3;

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    songs: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '16' },
    duration: { type: 'string', default: '8' },
    'library-sqlite': { type: 'string' },
    'library-postgres': { type: 'string' },
    'keep-answers': { type: 'boolean', default: false },
    other: { type: 'string' },
    'other-pause': { type: 'string', default: '0' },
  },
});
const KEEP_ANSWERS = args['keep-answers'];
const OTHER_PAUSE_MS = Number(args['other-pause']);
const KEPT: Record<DialectName, string | undefined> = {
  sqlite: args['library-sqlite'],
  postgres: args['library-postgres'],
};
const SONG_COUNT = Number(args.songs);
const CONNECTIONS = Number(args.connections);
const DURATION_MS = Number(args.duration) * 1000;
const FIRST_PAGE = '/api/user/songs';

/** The slowest kinds of bench/search.ts's mix: CJK words and text no song holds. */
const SEARCHES = ['我爱你们', 'ラーメン屋台', '사랑해요', '愛', 'blorptune', 'qzxv', 'a', 'the l'];

/** Endpoints whose work can grow with the library; `admin` ones need the admin's token. */
interface Probe {
  readonly path: string;
  readonly admin?: boolean;
  /** Subsonic: signed in with u and p in the query. */
  readonly subsonic?: boolean;
}

const OTHER_ENDPOINTS: Probe[] = [
  { path: '/api/user/songs?sort=title&order=desc' },
  { path: '/api/user/songs?sort=most_played' },
  { path: '/api/user/albums' },
  { path: '/api/user/albums?sort=most_played' },
  { path: '/api/user/artists' },
  { path: '/api/user/genres' },
  { path: '/api/user/home' },
  { path: '/api/user/songs/recently-played' },
  { path: '/api/user/playlists' },
  { path: '/api/general/songs' },
  { path: '/api/general/stats/quick' },
  { path: '/api/admin/stats', admin: true },
  { path: '/api/admin/users', admin: true },
  { path: '/api/admin/songs', admin: true },
  { path: '/api/admin/playlists', admin: true },
  { path: '/rest/getArtists', subsonic: true },
  { path: '/rest/getIndexes', subsonic: true },
  { path: '/rest/getGenres', subsonic: true },
  { path: '/rest/getAlbumList2?type=random&size=500', subsonic: true },
  { path: '/rest/getAlbumList2?type=frequent&size=500', subsonic: true },
  { path: '/rest/getAlbumList2?type=newest&size=500', subsonic: true },
  { path: '/rest/getAlbumList2?type=alphabeticalByArtist&size=500', subsonic: true },
  { path: '/rest/getAlbumList2?type=byYear&fromYear=2030&toYear=1900&size=500', subsonic: true },
  { path: '/rest/getAlbumList2?type=byGenre&genre=rock&size=500', subsonic: true },
  { path: '/rest/getAlbumList2?type=recent&size=500', subsonic: true },
  { path: '/rest/getAlbumList2?type=starred&size=500', subsonic: true },
  { path: '/rest/getRandomSongs?size=500', subsonic: true },
  { path: '/rest/getSongsByGenre?genre=rock&count=500', subsonic: true },
  { path: '/rest/getStarred2', subsonic: true },
  { path: '/rest/getNowPlaying', subsonic: true },
  { path: '/rest/getPlaylists', subsonic: true },
  { path: '/rest/search3?query=&songCount=500', subsonic: true },
  { path: '/rest/search3?query=&songCount=500&songOffset=90000', subsonic: true },
  { path: '/rest/search3?query=a&songCount=500', subsonic: true },
  { path: '/rest/search2?query=&songCount=500&songOffset=90000', subsonic: true },
  { path: '/rest/getTopSongs?artist=Smith&count=500', subsonic: true },
];

interface Timed {
  readonly path: string;
  readonly ms: number;
}

interface Server {
  readonly port: number;
  readonly userHeaders: Record<string, string>;
  readonly adminHeaders: Record<string, string>;
  readonly subsonicQuery: string;
  close(): Promise<void>;
}

async function startServer(library: BuiltLibrary): Promise<Server> {
  const database = library.handle;
  const users = new UsersRepository(database.db);
  const admin = await users.findByEmail(library.credentials.adminEmail);
  if (!admin) throw new Error('the generated library has no admin');
  const listener = await users.insert({
    id: newId(),
    name: 'Bench Listener',
    // Unique, as a kept library may still hold the listener of a run that was cut short.
    email: `head-of-line-${randomBytes(6).toString('hex')}@example.com`,
    passwordHash: 'not-used',
    role: 'user',
    createdAt: new Date().toISOString(),
  });
  const signer = new TokenSigner(JWT_SECRET);
  const container = createContainer(
    library.config,
    KEEP_ANSWERS
      ? {
          jwtSecret: JWT_SECRET,
          ...(library.postgresSchema ? { postgresSchema: library.postgresSchema } : {}),
        }
      : { jwtSecret: JWT_SECRET, database },
  );
  const app = await buildApp(container, { webRoot: null, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const adminHeaders = { authorization: `Bearer ${signer.sign(admin.id, 0, SESSION_SECONDS)}` };
  const created = await fetch(`${address}/api/user/api-keys`, {
    method: 'POST',
    headers: { ...adminHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'head-of-line' }),
  });
  if (created.status !== 201 && created.status !== 200) {
    throw new Error(`creating an API key answered ${created.status}: ${await created.text()}`);
  }
  const { key, id: keyId } = ((await created.json()) as { data: { key: string; id: string } }).data;
  const subsonicQuery = new URLSearchParams({
    apiKey: key,
    v: '1.16.1',
    c: 'head-of-line',
    f: 'json',
  }).toString();
  return {
    port: Number(new URL(address).port),
    userHeaders: {
      authorization: `Bearer ${signer.sign(listener.id, 0, SESSION_SECONDS)}`,
    },
    adminHeaders,
    subsonicQuery,
    close: async () => {
      await app.close();
      if (KEEP_ANSWERS) await container.close();
      // A kept library is left as it was found.
      await new ApiKeysRepository(database.db).deleteOwn(admin.id, keyId);
      await users.deleteAccount(listener.id, ['user']);
    },
  };
}

/** A probe's full path and headers as a client sends them. */
function request(server: Server, probe: Probe) {
  if (probe.subsonic) {
    const joiner = probe.path.includes('?') ? '&' : '?';
    return { path: `${probe.path}${joiner}${server.subsonicQuery}`, headers: {} };
  }
  return { path: probe.path, headers: probe.admin ? server.adminHeaders : server.userHeaders };
}

/** The slowest of PROBE_ROUNDS sequential calls, after one to warm caches. */
async function timeProbe(server: Server, probe: Probe): Promise<number> {
  const { path: requestPath, headers } = request(server, probe);
  const url = `http://127.0.0.1:${server.port}${requestPath}`;
  const call = async () => {
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (res.status !== 200 || body.includes('"status":"failed"')) {
      throw new Error(`${probe.path} answered ${res.status}: ${body.slice(0, 200)}`);
    }
  };
  await call();
  let slowest = 0;
  for (let round = 0; round < PROBE_ROUNDS; round += 1) {
    const started = performance.now();
    await call();
    slowest = Math.max(slowest, performance.now() - started);
  }
  return slowest;
}

function startLoad(
  server: Server,
  probe: Probe,
  concurrency: number,
  durationMs: number,
  warmupMs: number,
  pauseMs = 0,
): Promise<LoadResult> {
  const { path: requestPath, headers } = request(server, probe);
  const options = {
    mode: 'requests',
    port: server.port,
    path: requestPath,
    concurrency,
    warmupMs,
    durationMs,
    headers,
    pauseMs,
  };
  return runLoad(options);
}

interface Contended {
  readonly label: string;
  readonly path: string;
  readonly ms: number;
  /** The first page alone, measured just before. */
  readonly alone: LoadResult;
  readonly page: LoadResult;
  readonly other: LoadResult;
}

interface Figures {
  readonly dialect: string;
  readonly searches: Timed[];
  readonly others: Timed[];
  readonly contended: Contended[];
}

const firstPage: Probe = { path: FIRST_PAGE };

async function benchmark(library: BuiltLibrary): Promise<Figures> {
  const dialect = library.handle.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  console.info(
    `  ${dialect}: ${library.stats.counts.songs} songs built in ${library.stats.totalSeconds.toFixed(1)} s`,
  );
  const server = await startServer(library);
  try {
    const searches: Timed[] = [];
    for (const query of SEARCHES) {
      for (const route of ['/api/user/songs/search', '/api/user/search/all']) {
        const probe = { path: `${route}?query=${encodeURIComponent(query)}` };
        searches.push({ path: probe.path, ms: await timeProbe(server, probe) });
      }
    }
    const others: Timed[] = [];
    for (const probe of OTHER_ENDPOINTS) {
      try {
        others.push({ path: probe.path, ms: await timeProbe(server, probe) });
      } catch (error) {
        console.info(`    skipped: ${(error as Error).message}`);
      }
    }
    searches.sort((a, b) => b.ms - a.ms);
    others.sort((a, b) => b.ms - a.ms);
    for (const timed of [...searches, ...others]) {
      console.info(`    ${timed.ms.toFixed(1).padStart(8)} ms  ${decodeURIComponent(timed.path)}`);
    }

    const warmupMs = 1500;
    const contended: Contended[] = [];
    const named = others.find((timed) => timed.path === args.other);
    if (args.other !== undefined && !named) throw new Error(`--other: no ${args.other} timed`);
    for (const [label, slowest] of [
      ['slowest search', searches[0]!],
      named
        ? (['other endpoint', named] as const)
        : (['slowest other endpoint', others[0]!] as const),
    ] as const) {
      const probe = OTHER_ENDPOINTS.find((entry) => entry.path === slowest.path) ?? {
        path: slowest.path,
      };
      // The page alone just before, as the reference: a shared machine's load drifts.
      const alone = await startLoad(server, firstPage, CONNECTIONS, DURATION_MS, warmupMs);
      // The other client starts first and runs past the page's window on both sides.
      const pauseMs = label === 'slowest search' ? 0 : OTHER_PAUSE_MS;
      const other = startLoad(server, probe, 1, DURATION_MS + warmupMs, warmupMs / 2, pauseMs);
      const page = await startLoad(server, firstPage, CONNECTIONS, DURATION_MS, warmupMs);
      contended.push({
        label,
        path: slowest.path,
        ms: slowest.ms,
        alone,
        page,
        other: await other,
      });
    }
    return { dialect, searches, others, contended };
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  if (!Number.isInteger(SONG_COUNT) || SONG_COUNT < 1) {
    throw new Error('--songs must be a whole number ≥ 1');
  }
  if (!['sqlite', 'postgres', 'both'].includes(args.db)) {
    throw new Error('--db must be sqlite, postgres or both');
  }
  const dialects: DialectName[] =
    args.db === 'both' ? ['sqlite', 'postgres'] : [args.db as DialectName];
  console.info(
    `Head-of-line benchmark: ${SONG_COUNT} songs, first page at ${CONNECTIONS} connections, ` +
      `${DURATION_MS / 1000} s a measure`,
  );
  console.info(`  ${today()}, ${machineLine()}`);
  console.info(`  load average at start: ${loadAverageLine()}`);
  console.info(
    KEEP_ANSWERS
      ? '  the server opens the library and keeps what it may of the catalogue (--keep-answers)'
      : '  the server is handed the open library: it keeps nothing of the catalogue',
  );

  const results: Figures[] = [];
  for (const dialect of dialects) {
    let library: BuiltLibrary;
    try {
      const kept = KEPT[dialect];
      library = kept
        ? await openKeptLibrary({ name: kept, dialect })
        : await buildLibrary({ songs: SONG_COUNT, dialect, seed: DEFAULT_SEED });
      const from = kept ? `the library kept in ${kept}` : 'a library built for the run';
      console.info(`  ${dialect}: ${library.stats.counts.songs} songs, ${from}`);
    } catch (error) {
      if (!(error instanceof DatabaseUnreachable)) throw error;
      console.info(`  PostgreSQL skipped: ${error.message}`);
      continue;
    }
    try {
      results.push(await benchmark(library));
    } finally {
      await library.cleanup();
    }
  }
  console.info(`  load average at end: ${loadAverageLine()}`);

  console.info(
    '\n| database | other client repeats | its time alone | first page req/s alone | first page req/s beside it | ratio | first page p99 beside it | other client req/s |',
  );
  console.info('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    for (const c of r.contended) {
      console.info(
        `| ${r.dialect} | ${c.label}: \`${decodeURIComponent(c.path)}\` | ${c.ms.toFixed(1)} ms | ` +
          `${c.alone.requestsPerSecond.toFixed(0)} | ${c.page.requestsPerSecond.toFixed(0)} | ` +
          `${(c.page.requestsPerSecond / c.alone.requestsPerSecond).toFixed(2)} | ` +
          `${c.page.p99Ms.toFixed(1)} ms | ${c.other.requestsPerSecond.toFixed(1)} |`,
      );
    }
  }
}

await main();
