// Song search: p50/p95 through the HTTP API against the same search run straight on the
// database (no HTTP), on a generated 100,000-song library, on SQLite and on PostgreSQL.
// Run: `npx tsx bench/search.ts` (or `npm run bench`). PostgreSQL comes from
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
// it is skipped when unreachable. Everything is created in a temporary directory and a
// temporary schema, both removed at the end.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { GENRES } from '@cadenza/contract/songs';
import { sql, type Insertable } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { createContainer } from '../apps/server/src/container';
import { loadConfig } from '../apps/server/src/config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../apps/server/src/db/database';
import type { Database } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/ids';
import { SESSION_SECONDS, TokenSigner } from '../apps/server/src/modules/auth/tokens';
import { SearchRepository } from '../apps/server/src/modules/search/search.repository';
import { SearchService } from '../apps/server/src/modules/search/search.service';
import { UsersRepository } from '../apps/server/src/modules/users/users.repository';

const SONG_COUNT = 100_000;
const QUERY_COUNT = 200;
const ROUNDS = 3;
const BATCH = 1000;
const JWT_SECRET = randomBytes(32).toString('hex');

// A fixed seed: every run searches the same library with the same queries.
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'love night heart dance fire summer dream blue light rain city road home time world girl ' +
  'baby sun moon star river ocean wild young gold sweet lonely broken midnight forever ' +
  'paradise electric thunder shadow angel devil heaven highway garden winter spring autumn ' +
  'morning evening silver diamond velvet neon crystal echo memory secret silence freedom ' +
  'journey wonder magic fever honey sugar whiskey cherry lemon coffee paper glass stone ' +
  'mountain valley desert island window mirror candle letter promise story song rhythm ' +
  'melody harmony groove funk soul blues jazz disco rocket satellite galaxy planet ' +
  'tomorrow yesterday today always never together alone running falling flying burning ' +
  'shining dreaming waiting crying calling turning walking talking dancing singing ' +
  'café señorita déjà fiancée naïve über bohème mañana corazón noël'
).split(' ');
const FIRST_NAMES = (
  'john paul mary anna lucas sofia marco elena david sarah james laura miguel chloe ' +
  'noah emma liam olivia björn zoë renée josé françois ingrid'
).split(' ');
const LAST_NAMES = (
  'smith jones brown taylor wilson davies evans thomas johnson roberts walker wright ' +
  'robinson thompson white hughes edwards green hall wood harris lewis martin jackson ' +
  'clarke müller lópez garcía dvořák øster'
).split(' ');
const CJK_WORDS = '東京 夜 駆ける 恋 花火 未来 桜 星空 青春 約束 サディスティック 林檎'.split(' ');

const NO_MATCH = ['ラーメン屋台', '사랑해요', '我爱你们', 'qzxv', 'Zyzzyva', 'blorptune'];

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function generateLibrary(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const phrase = (min: number, max: number) =>
    Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () =>
      capitalise(pick(WORDS)),
    ).join(' ');
  const artists = Array.from({ length: 5000 }, () =>
    random() < 0.3
      ? `The ${phrase(1, 2)}`
      : `${capitalise(pick(FIRST_NAMES))} ${capitalise(pick(LAST_NAMES))}`,
  );
  const albums = Array.from({ length: 15_000 }, () => phrase(1, 3));
  const start = Date.parse('2020-01-01T00:00:00.000Z');
  const songs: Insertable<Database['songs']>[] = [];
  for (let index = 0; index < SONG_COUNT; index += 1) {
    const id = newId();
    const title =
      random() < 0.01 ? `${pick(CJK_WORDS)}${pick(CJK_WORDS)}${pick(CJK_WORDS)}` : phrase(1, 4);
    songs.push({
      id,
      title,
      artist: pick(artists),
      album: random() < 0.9 ? pick(albums) : null,
      genre: pick(GENRES),
      release_year: 1960 + Math.floor(random() * 65),
      duration: 120 + Math.floor(random() * 300),
      cover_key: null,
      audio_key: `audio/${id}.mp3`,
      audio_mime: 'audio/mpeg',
      audio_bytes: 4_000_000,
      created_at: new Date(start + index * 60_000).toISOString(),
    });
  }
  const cjkTitles = songs.map((song) => song.title).filter((title) => !/[a-z]/i.test(title));
  return { songs, artists, cjkTitles };
}

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
  const names = ['', '', '', '', '', '', ...SUBSTRING_KINDS];
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
  readonly bare: { p50: number; p95: number };
  readonly meanResults: number;
  /** Bare p50/p95 and mean results of each substring kind on its own. */
  readonly substrings: { kind: string; p50: number; p95: number; meanResults: number }[];
}

async function benchmark(
  database: DatabaseHandle,
  dataDir: string,
  queries: Query[],
  songs: Insertable<Database['songs']>[],
  postgresSchema?: string,
): Promise<Figures> {
  // The schema keeps Kysely's bookkeeping tables out of other schemas (tests running meanwhile).
  await migrateToLatest(database.db, postgresSchema);
  const loadStart = performance.now();
  await database.db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < songs.length; offset += BATCH) {
      await trx
        .insertInto('songs')
        .values(songs.slice(offset, offset + BATCH))
        .execute();
    }
  });
  // Fresh planner statistics, as autovacuum would gather them on a live server.
  if (database.dialect === 'postgres') await sql`ANALYZE`.execute(database.db);
  console.info(
    `  ${database.dialect}: ${songs.length} songs loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
  );

  const user = await new UsersRepository(database.db).insert({
    id: newId(),
    name: 'Bench Listener',
    email: 'bench@example.com',
    passwordHash: 'not-used',
    role: 'user',
    createdAt: new Date().toISOString(),
  });
  const token = await new TokenSigner(JWT_SECRET).sign(user.id, 0, SESSION_SECONDS);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_LIBRARY: 'false' });
  const container = createContainer(config, { jwtSecret: JWT_SECRET, database });
  const app = await buildApp(container, { webRoot: null, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  // The bare path: the same songs the route asks for, without HTTP, auth or JSON.
  const bare = new SearchService(new SearchRepository(database.db, database.dialect));

  const viaApi = async (query: string) => {
    const res = await fetch(`${address}/api/user/songs/search?query=${encodeURIComponent(query)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`search "${query}" answered ${res.status}`);
    return ((await res.json()) as { data: unknown[] }).data.length;
  };
  const viaDatabase = async (query: string) => (await bare.songs(query.trim())).length;

  let resultCount = 0;
  const kindResults = new Map<string, number>();
  for (const { text, kind } of queries) {
    const [apiCount, bareCount] = [await viaApi(text), await viaDatabase(text)];
    if (apiCount !== bareCount) throw new Error(`"${text}": API ${apiCount}, bare ${bareCount}`);
    resultCount += apiCount;
    kindResults.set(kind, (kindResults.get(kind) ?? 0) + apiCount);
  }

  const apiTimes: number[] = [];
  const bareTimes: number[] = [];
  const kindTimes = new Map<string, number[]>(SUBSTRING_KINDS.map((kind) => [kind, []]));
  const time = async (run: () => Promise<unknown>, into: number[]) => {
    const started = performance.now();
    await run();
    into.push(performance.now() - started);
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const { text, kind } of queries) {
      await time(() => viaApi(text), apiTimes);
      await time(() => viaDatabase(text), bareTimes);
      kindTimes.get(kind)?.push(bareTimes.at(-1)!);
    }
  }
  await app.close();
  return {
    dialect: database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite',
    api: { p50: percentile(apiTimes, 0.5), p95: percentile(apiTimes, 0.95) },
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

async function withPostgresSchema<T>(
  url: string,
  run: (schema: string) => Promise<T>,
): Promise<T | null> {
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch (error) {
    console.info(`  PostgreSQL skipped: ${(error as Error).message}`);
    return null;
  }
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    return await run(schema);
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
}

function machine(): string {
  const cpu = /model name\s*:\s*(.+)/.exec(safeRead('/proc/cpuinfo'))?.[1] ?? os.cpus()[0]?.model;
  const memory = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${os.availableParallelism()} CPUs (nproc), ${cpu ?? 'unknown CPU'}, ${memory} GiB memory, Node ${process.version}`;
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const ms = (value: number) => value.toFixed(2);

async function main(): Promise<void> {
  const random = seededRandom(20261121);
  const { songs, artists, cjkTitles } = generateLibrary(random);
  const queries = generateQueries(random, artists, cjkTitles);
  console.info(
    `Search benchmark: ${songs.length} songs, ${queries.length} queries × ${ROUNDS} rounds`,
  );
  console.info(`  ${new Date().toISOString().slice(0, 10)}, ${machine()}`);

  const results: Figures[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-search-'));
  try {
    const sqlite = openDatabase({ sqlitePath: path.join(dataDir, 'cadenza.db') });
    try {
      results.push(await benchmark(sqlite, dataDir, queries, songs));
    } finally {
      await sqlite.close();
    }
    const postgresUrl =
      process.env.BENCH_DATABASE_URL ||
      process.env.TEST_DATABASE_URL ||
      'postgres://postgres@127.0.0.1:5432/test';
    const postgres = await withPostgresSchema(postgresUrl, async (schema) => {
      const database = openDatabase({
        databaseUrl: postgresUrl,
        sqlitePath: '',
        postgresSchema: schema,
      });
      try {
        return await benchmark(database, dataDir, queries, songs, schema);
      } finally {
        await database.close();
      }
    });
    if (postgres) results.push(postgres);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.info(
    '\n| database | API p50 | API p95 | bare p50 | bare p95 | API/bare p50 | API/bare p95 | mean results |',
  );
  console.info('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.info(
      `| ${r.dialect} | ${ms(r.api.p50)} ms | ${ms(r.api.p95)} ms | ${ms(r.bare.p50)} ms | ${ms(r.bare.p95)} ms | ${(r.api.p50 / r.bare.p50).toFixed(2)} | ${(r.api.p95 / r.bare.p95).toFixed(2)} | ${r.meanResults.toFixed(1)} |`,
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
}

await main();
