// Song search: p50/p95 through the HTTP API against the same search run straight on the
// database (no HTTP), on a generated 100,000-song library (bench/support/library-generator.ts),
// on SQLite and on PostgreSQL; the combined search of songs, albums and artists through the API;
// and how many queries answer other songs on one database than on the other.
// Run: `npx tsx bench/search.ts [--songs 100000]` (or `npm run bench`). PostgreSQL comes from
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
// it is skipped when unreachable. Everything is created in a temporary directory and a
// temporary schema, both removed at the end.
// Libraries kept by `bench/scale.ts --keep` are searched instead of built with
// `--library-postgres SCHEMA` and/or `--library-sqlite FOLDER` (only those databases run; the
// size and seed are the libraries'): `npx tsx bench/search.ts --library-postgres lib1m`.
import { randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { createContainer } from '../apps/server/src/container';
import type { DialectName } from '../apps/server/src/db/database';
import { newId } from '../apps/server/src/ids';
import { SESSION_SECONDS, TokenSigner } from '../apps/server/src/modules/auth/tokens';
import { searchServiceOver } from '../apps/server/src/modules/search/search-over';
import { UsersRepository } from '../apps/server/src/modules/users/users.repository';
import {
  DEFAULT_SEED,
  DatabaseUnreachable,
  UnusableOptions,
  buildLibrary,
  openKeptLibrary,
  type BuiltLibrary,
} from './support/library-generator';
import { CJK_WORDS, LAST_NAMES, WORDS } from './support/library-names';
import { planLibrary, songRows } from './support/library-plan';
import { machineLine, today } from './support/machine';
import { seededRandom } from './support/seeded-random';

const { values: args } = parseArgs({
  options: {
    songs: { type: 'string', default: '100000' },
    'library-postgres': { type: 'string' },
    'library-sqlite': { type: 'string' },
  },
});
/** Libraries kept by `bench/scale.ts --keep`, by database; none: both are built. */
const KEPT: Partial<Record<DialectName, string>> = {
  ...(args['library-postgres'] ? { postgres: args['library-postgres'] } : {}),
  ...(args['library-sqlite'] ? { sqlite: args['library-sqlite'] } : {}),
};
const USING_KEPT = Object.keys(KEPT).length > 0;
const QUERY_COUNT = 200;
const ROUNDS = 3;
const JWT_SECRET = randomBytes(32).toString('hex');

const NO_MATCH = ['ラーメン屋台', '사랑해요', '我爱你们', 'qzxv', 'Zyzzyva', 'blorptune'];

/** A query and what kind it is, for the figures of the substring kinds on their own. */
interface Query {
  readonly text: string;
  readonly kind: string;
}

/** Kinds searched as substrings: CJK words, CJK text inside titles, and text no song holds. */
const SUBSTRING_KINDS = ['CJK word', 'CJK inside a title', 'no match'] as const;

/**
 * Realistic listener queries: 1–2 words, often cut short while typing; CJK words and pieces of
 * CJK titles; and text no song holds (word search, then the substring retry, both finding
 * nothing).
 */
function generateQueries(random: () => number, artists: string[], cjkTitles: string[]): Query[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const prefix = (word: string) =>
    word.slice(0, Math.min(word.length, 3 + Math.floor(random() * 3)));
  const kinds: (() => string)[] = [
    () => prefix(pick(WORDS)),
    () => pick(WORDS),
    () => `${pick(WORDS)} ${prefix(pick(WORDS))}`,
    () =>
      `${pick(
        pick(artists)
          .split(' ')
          .filter((word) => word !== 'The'),
      )} ${prefix(pick(WORDS))}`,
    () => pick(LAST_NAMES),
    () => pick(WORDS).normalize('NFD').replace(/\p{M}/gu, ''),
    () => pick(CJK_WORDS),
    () => {
      const title = [...pick(cjkTitles)];
      const length = 3 + Math.floor(random() * 2);
      const start = Math.floor(random() * Math.max(1, title.length - length + 1));
      return title.slice(start, start + length).join('');
    },
    () => pick(NO_MATCH),
  ];
  const names = [
    'prefix',
    'word',
    'two words',
    'artist + prefix',
    'last name',
    'accents stripped',
    ...SUBSTRING_KINDS,
  ];
  const weights = [38, 22, 38, 38, 22, 18, 8, 8, 8];
  const queries: Query[] = [];
  weights.forEach((weight, kind) => {
    for (let index = 0; index < weight; index += 1) {
      queries.push({ text: kinds[kind]!(), kind: names[kind]! });
    }
  });
  return queries.slice(0, QUERY_COUNT);
}

function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

interface Figures {
  readonly dialect: string;
  readonly api: { p50: number; p95: number };
  /** `GET /api/user/search/all`: songs, albums and artists in one answer. */
  readonly combined: { p50: number; p95: number };
  /** The ids of the songs each query answered, in order, to compare the databases. */
  readonly answers: string[][];
  readonly bare: { p50: number; p95: number };
  readonly meanResults: number;
  /** Bare p50/p95 and mean results of each substring kind on its own. */
  readonly substrings: { kind: string; p50: number; p95: number; meanResults: number }[];
  /** API, bare and combined p50/p95 of every kind on its own. */
  readonly kinds: { kind: string; api: Spread; bare: Spread; combined: Spread }[];
  /** The slowest queries through the API (the slowest of their rounds), slowest first. */
  readonly slowest: { text: string; kind: string; api: number; bare: number; combined: number }[];
}

interface Spread {
  readonly p50: number;
  readonly p95: number;
}

const SLOWEST_SHOWN = 10;

async function benchmark(library: BuiltLibrary, queries: Query[]): Promise<Figures> {
  const database = library.handle;
  const songsLoad = library.stats.tables.find((table) => table.table === 'songs');
  console.info(
    `  ${database.dialect}: ${library.stats.counts.songs} songs loaded in ${songsLoad?.seconds.toFixed(1)} s ` +
      `(the whole library in ${library.stats.totalSeconds.toFixed(1)} s)`,
  );

  const users = new UsersRepository(database.db);
  const user = await users.insert({
    id: newId(),
    name: 'Bench Listener',
    // Unique, as a kept library may still hold the listener of a run that was cut short.
    email: `bench-${randomBytes(6).toString('hex')}@example.com`,
    passwordHash: 'not-used',
    role: 'user',
    createdAt: new Date().toISOString(),
  });
  try {
    return await measure(library, queries, user.id);
  } finally {
    // A kept library is left as it was found.
    await users.deleteAccount(user.id, ['user']);
  }
}

async function measure(library: BuiltLibrary, queries: Query[], userId: string): Promise<Figures> {
  const database = library.handle;
  const token = new TokenSigner(JWT_SECRET).sign(userId, 0, SESSION_SECONDS);
  const container = createContainer(library.config, { jwtSecret: JWT_SECRET, database });
  const app = await buildApp(container, { webRoot: null, logger: false });
  try {
    return await measureOn(app, token, database, queries);
  } finally {
    await app.close();
  }
}

async function measureOn(
  app: Awaited<ReturnType<typeof buildApp>>,
  token: string,
  database: BuiltLibrary['handle'],
  queries: Query[],
): Promise<Figures> {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  // The bare path: the same songs the route asks for, read the same way (long reads: worker
  // threads on SQLite), without HTTP, auth or JSON.
  const bare = searchServiceOver(database);
  // The API path: a client in its own process, as every real one is, so that its sockets and
  // parsing are not counted as the server's.
  const client = await httpTimer();
  try {
    return await measureThrough(client, address, token, bare, database.dialect, queries);
  } finally {
    client.close();
  }
}

/** A request's time to the last byte of its answer, and the answer's text. */
interface Timed {
  readonly ms: number;
  readonly status: number;
  readonly body: string;
}

/** bench/support/http-timer.mjs in a child process: one kept-alive connection. */
async function httpTimer(): Promise<{
  get: (url: string, headers: Record<string, string>) => Promise<Timed>;
  close: () => void;
}> {
  const child = fork(fileURLToPath(new URL('./support/http-timer.mjs', import.meta.url)));
  await once(child, 'spawn');
  const waiting = new Map<
    number,
    { resolve: (timed: Timed) => void; reject: (e: Error) => void }
  >();
  let nextId = 0;
  child.on('message', (message: Partial<Timed> & { id: number; error?: string }) => {
    const request = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) request?.reject(new Error(message.error));
    else request?.resolve(message as Timed);
  });
  return {
    get: (url, headers) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        child.send({ id, url, headers });
      }),
    close: () => child.disconnect(),
  };
}

async function measureThrough(
  client: Awaited<ReturnType<typeof httpTimer>>,
  address: string,
  token: string,
  bare: ReturnType<typeof searchServiceOver>,
  dialect: DialectName,
  queries: Query[],
): Promise<Figures> {
  const get = async <T>(path: string, query: string): Promise<{ ms: number; data: T }> => {
    const url = `${address}${path}?query=${encodeURIComponent(query)}`;
    const { ms, status, body } = await client.get(url, { authorization: `Bearer ${token}` });
    if (status !== 200) throw new Error(`${path} "${query}" answered ${status}`);
    return { ms, data: (JSON.parse(body) as { data: T }).data };
  };
  const songIds = async (query: string) =>
    (await get<{ _id: string }[]>('/api/user/songs/search', query)).data.map((song) => song._id);
  const viaApi = async (query: string) =>
    (await get<unknown[]>('/api/user/songs/search', query)).ms;
  const viaCombined = async (query: string) =>
    (await get<unknown>('/api/user/search/all', query)).ms;
  const viaDatabase = async (query: string) => (await bare.songs(query.trim())).length;

  let resultCount = 0;
  const kindResults = new Map<string, number>();
  const answers: string[][] = [];
  for (const { text, kind } of queries) {
    const ids = await songIds(text);
    const bareCount = await viaDatabase(text);
    if (ids.length !== bareCount) {
      throw new Error(`"${text}": API ${ids.length}, bare ${bareCount}`);
    }
    answers.push(ids);
    resultCount += ids.length;
    kindResults.set(kind, (kindResults.get(kind) ?? 0) + ids.length);
  }

  const apiTimes: number[] = [];
  const combinedTimes: number[] = [];
  const bareTimes: number[] = [];
  const kindTimes = new Map<string, number[]>(SUBSTRING_KINDS.map((kind) => [kind, []]));
  // Per query: the API, bare and combined time of each round.
  const queryTimes = queries.map(() => ({
    api: [] as number[],
    bare: [] as number[],
    combined: [] as number[],
  }));
  const time = async (run: () => Promise<unknown>, into: number[]) => {
    const started = performance.now();
    await run();
    into.push(performance.now() - started);
  };
  const paths: Record<'api' | 'combined' | 'bare', () => Promise<void>>[] = queries.map(
    ({ text }) => ({
      api: async () => void apiTimes.push(await viaApi(text)),
      combined: async () => void combinedTimes.push(await viaCombined(text)),
      bare: () => time(() => viaDatabase(text), bareTimes),
    }),
  );
  // Each path of a query goes first in one round: the first one to read a query's index pages
  // and rows would otherwise leave them warm for the others, which would always be the same.
  const orders = [
    ['api', 'combined', 'bare'],
    ['bare', 'api', 'combined'],
    ['combined', 'bare', 'api'],
  ] as const;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, { kind }] of queries.entries()) {
      for (const path of orders[round % orders.length]!) await paths[index]![path]();
      kindTimes.get(kind)?.push(bareTimes.at(-1)!);
      queryTimes[index]!.api.push(apiTimes.at(-1)!);
      queryTimes[index]!.combined.push(combinedTimes.at(-1)!);
      queryTimes[index]!.bare.push(bareTimes.at(-1)!);
    }
  }
  const spread = (times: number[]): Spread => ({
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
  });
  const kinds = [...new Set(queries.map((query) => query.kind))].map((kind) => {
    const of = (path: 'api' | 'bare' | 'combined') =>
      spread(
        queryTimes.filter((_, index) => queries[index]!.kind === kind).flatMap((t) => t[path]),
      );
    return { kind, api: of('api'), bare: of('bare'), combined: of('combined') };
  });
  const slowest = queries
    .map(({ text, kind }, index) => ({
      text,
      kind,
      api: Math.max(...queryTimes[index]!.api),
      bare: Math.max(...queryTimes[index]!.bare),
      combined: Math.max(...queryTimes[index]!.combined),
    }))
    .sort((a, b) => b.api - a.api)
    .slice(0, SLOWEST_SHOWN);
  return {
    kinds,
    slowest,
    dialect: dialect === 'postgres' ? 'PostgreSQL' : 'SQLite',
    api: { p50: percentile(apiTimes, 0.5), p95: percentile(apiTimes, 0.95) },
    combined: { p50: percentile(combinedTimes, 0.5), p95: percentile(combinedTimes, 0.95) },
    answers,
    bare: { p50: percentile(bareTimes, 0.5), p95: percentile(bareTimes, 0.95) },
    meanResults: resultCount / queries.length,
    substrings: SUBSTRING_KINDS.map((kind) => {
      const times = kindTimes.get(kind)!;
      const count = queries.filter((query) => query.kind === kind).length;
      return {
        kind,
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        meanResults: (kindResults.get(kind) ?? 0) / count,
      };
    }),
  };
}

const ms = (value: number) => value.toFixed(2);

/**
 * Queries whose songs differ between two databases holding the same library: as sets, and in
 * order. Each prints with the first ids that differ.
 */
function compareAnswers(queries: Query[], [first, second]: Figures[]): void {
  if (!first || !second) return;
  let differentSongs = 0;
  let differentOrder = 0;
  queries.forEach((query, index) => {
    const a = first.answers[index]!;
    const b = second.answers[index]!;
    const sameSet = a.length === b.length && new Set([...a, ...b]).size === a.length;
    if (!sameSet) {
      differentSongs += 1;
      console.info(
        `  "${query.text}": ${first.dialect} ${a.length} songs, ${second.dialect} ${b.length}, ` +
          `${a.filter((id) => !b.includes(id)).length} of them not in the other's answer`,
      );
    } else if (a.some((id, position) => id !== b[position])) {
      differentOrder += 1;
    }
  });
  console.info(
    `\nMismatches between ${first.dialect} and ${second.dialect} over ${queries.length} queries: ` +
      `${differentSongs} answer other songs, ${differentOrder} the same songs in another order`,
  );
}

/** The kept libraries asked for, opened; without any, none. */
async function openKept(): Promise<Map<DialectName, BuiltLibrary>> {
  const opened = new Map<DialectName, BuiltLibrary>();
  try {
    for (const [dialect, name] of Object.entries(KEPT) as [DialectName, string][]) {
      opened.set(dialect, await openKeptLibrary({ name, dialect }));
    }
    const [first, ...others] = [...opened.values()].map((library) => library.stats);
    if (
      first &&
      others.some((o) => o.counts.songs !== first.counts.songs || o.seed !== first.seed)
    ) {
      throw new UnusableOptions(
        'the kept libraries differ in size or seed: compare like with like',
      );
    }
    return opened;
  } catch (error) {
    for (const library of opened.values()) await library.cleanup();
    throw error;
  }
}

async function main(): Promise<void> {
  let kept: Map<DialectName, BuiltLibrary>;
  try {
    kept = await openKept();
  } catch (error) {
    if (!(error instanceof UnusableOptions || error instanceof DatabaseUnreachable)) throw error;
    console.error(error.message);
    process.exitCode = 2;
    return;
  }
  const keptStats = [...kept.values()][0]?.stats;
  const songCount = keptStats?.counts.songs ?? Number(args.songs);
  const seed = keptStats?.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(songCount) || songCount < 1) {
    throw new Error('--songs must be a whole number ≥ 1');
  }
  // The listeners' queries name artists and quote CJK titles of the library, from its plan.
  const plan = planLibrary(songCount, seed);
  const artists = plan.artists.map((artist) => artist.name);
  const cjkTitles: string[] = [];
  for (const { song } of songRows(plan)) {
    if (!/[a-z]/i.test(song.title)) cjkTitles.push(song.title);
  }
  if (cjkTitles.length === 0) cjkTitles.push(CJK_WORDS.join(''));
  const queries = generateQueries(seededRandom(DEFAULT_SEED), artists, cjkTitles);
  console.info(
    `Search benchmark: ${songCount} songs${USING_KEPT ? ' (kept libraries)' : ''}, ` +
      `${queries.length} queries × ${ROUNDS} rounds`,
  );
  console.info(`  ${today()}, ${machineLine()}`);

  const results: Figures[] = [];
  const dialects: DialectName[] = USING_KEPT ? [...kept.keys()] : ['sqlite', 'postgres'];
  for (const dialect of dialects) {
    let library: BuiltLibrary;
    try {
      library = kept.get(dialect) ?? (await buildLibrary({ songs: songCount, dialect, seed }));
    } catch (error) {
      if (!(error instanceof DatabaseUnreachable)) throw error;
      console.info(`  PostgreSQL skipped: ${error.message}`);
      continue;
    }
    try {
      results.push(await benchmark(library, queries));
    } finally {
      await library.cleanup();
    }
  }

  console.info(
    '\n| database | API p50 | API p95 | bare p50 | bare p95 | API/bare p50 | API/bare p95 | mean results | songs+albums+artists p50 | p95 |',
  );
  console.info('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.info(
      `| ${r.dialect} | ${ms(r.api.p50)} ms | ${ms(r.api.p95)} ms | ${ms(r.bare.p50)} ms | ${ms(r.bare.p95)} ms | ${(r.api.p50 / r.bare.p50).toFixed(2)} | ${(r.api.p95 / r.bare.p95).toFixed(2)} | ${r.meanResults.toFixed(1)} | ${ms(r.combined.p50)} ms | ${ms(r.combined.p95)} ms |`,
    );
  }
  console.info('\n| database | substring kind | bare p50 | bare p95 | mean results |');
  console.info('|---|---|---|---|---|');
  for (const r of results) {
    for (const k of r.substrings) {
      console.info(
        `| ${r.dialect} | ${k.kind} | ${ms(k.p50)} ms | ${ms(k.p95)} ms | ${k.meanResults.toFixed(1)} |`,
      );
    }
  }
  console.info(
    '\n| database | kind | API p50 | API p95 | bare p50 | bare p95 | combined p50 | combined p95 |',
  );
  console.info('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    for (const k of r.kinds) {
      console.info(
        `| ${r.dialect} | ${k.kind} | ${ms(k.api.p50)} | ${ms(k.api.p95)} | ${ms(k.bare.p50)} | ${ms(k.bare.p95)} | ${ms(k.combined.p50)} | ${ms(k.combined.p95)} |`,
      );
    }
  }
  console.info(
    '\n| database | slowest query (API, slowest round) | kind | API | bare | combined |',
  );
  console.info('|---|---|---|---|---|---|');
  for (const r of results) {
    for (const q of r.slowest) {
      console.info(
        `| ${r.dialect} | "${q.text}" | ${q.kind} | ${ms(q.api)} | ${ms(q.bare)} | ${ms(q.combined)} |`,
      );
    }
  }
  compareAnswers(queries, results);
}

await main();
