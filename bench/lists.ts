// Lists at depth (docs/benchmarks.md "## Lists at depth"): every keyset-paged list's first page
// against a page deep in it (the next-to-last full page), and both against the same pages of a
// smaller library. The target: deep/first p95 ≤ 1.5, and each page's p95 ≤ 1.5× the smaller
// library's.
//
// On a generated library (bench/support/library-generator.ts), made deep where the generator
// leaves a list shallow (bench/support/deep-rows.ts: a listener who liked, saved and played
// every song and owns a playlist per song, an account, a contact message and a feedback answer
// per song; removed at the end), the server runs in this process over the library's handle and
// each list (bench/support/deep-lists.ts) is asked for by its caller (the listener with the
// most rows of it, or the administrator) over real HTTP on 127.0.0.1: after a warm-up, the
// first and the deep page in turn, one request at a time, `--requests` times each. The deep
// cursor is made from the row at that depth read straight from the database in the list's
// order. With several sizes, every library of a database is built and served at once and each
// round asks each library in turn, so that the sizes are compared on the same machine. The
// song pages the server keeps in memory are not kept here: a server over a database opened by
// another (as here) does not hear its writes, so it never keeps them (CatalogueChanges), and
// every request reads the database.
//
// Usage: npx tsx bench/lists.ts [--db sqlite|postgres|both] [--songs 100000[,1000000]]
//          [--requests 200] [--warmup 20] [--library-sqlite DIR] [--library-postgres SCHEMA]
// Several --songs sizes compare each page's p95 with the smallest library's. A kept library
// (bench/scale.ts --keep) stands for the largest size of its database instead of a new build. PostgreSQL comes
// from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the machine's; it is skipped when
// unreachable.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { createContainer } from '../apps/server/src/container';
import type { DialectName } from '../apps/server/src/db/database';
import { SESSION_SECONDS, TokenSigner } from '../apps/server/src/modules/auth/tokens';
import { UsersRepository } from '../apps/server/src/modules/users/users.repository';
import { DEEP_LISTS, PAGE, heaviestUser, type DeepList } from './support/deep-lists';
import { addDeepRows, removeDeepRows } from './support/deep-rows';
import { openKeptLibrary } from './support/kept-library';
import {
  DEFAULT_SEED,
  DatabaseUnreachable,
  UnusableOptions,
  buildLibrary,
  type BuiltLibrary,
} from './support/library-generator';
import { loadAverageLine, machineLine, today } from './support/machine';

const TARGET = 1.5;
const DIALECT_NAMES: Record<DialectName, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

function usage(problem: string): never {
  console.error(`${problem}
Usage: npx tsx bench/lists.ts [--db sqlite|postgres|both] [--songs 100000[,1000000]]
         [--requests 200] [--warmup 20] [--library-sqlite DIR] [--library-postgres SCHEMA]`);
  process.exit(2);
}

function wholeNumber(name: string, value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < 1) {
    usage(`--${name} must be a whole number ≥ 1 (got "${value}")`);
  }
  return number;
}

function readArgs() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        db: { type: 'string', default: 'both' },
        songs: { type: 'string', default: '100000' },
        requests: { type: 'string', default: '200' },
        warmup: { type: 'string', default: '20' },
        'library-sqlite': { type: 'string' },
        'library-postgres': { type: 'string' },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values } = parsed;
  if (!['sqlite', 'postgres', 'both'].includes(values.db)) {
    usage(`--db must be sqlite, postgres or both (got "${values.db}")`);
  }
  const sizes = [...new Set(values.songs.split(',').map((size) => wholeNumber('songs', size)))];
  return {
    dialects: (values.db === 'both' ? ['sqlite', 'postgres'] : [values.db]) as DialectName[],
    sizes: sizes.sort((a, b) => a - b),
    requests: wholeNumber('requests', values.requests),
    warmup: wholeNumber('warmup', values.warmup),
    kept: { sqlite: values['library-sqlite'], postgres: values['library-postgres'] } as Record<
      DialectName,
      string | undefined
    >,
  };
}

const args = readArgs();

/**
 * The library a run measures: built for the run and removed after, except the largest size of a
 * database given a kept library (`--library-sqlite`, `--library-postgres`), which is opened as it
 * was left and must hold that many songs.
 */
async function openLibrary(dialect: DialectName, songs: number): Promise<BuiltLibrary> {
  const kept = args.kept[dialect];
  if (kept === undefined || songs !== args.sizes.at(-1)) {
    return buildLibrary({ songs, dialect, seed: DEFAULT_SEED });
  }
  const library = await openKeptLibrary({ name: kept, dialect });
  if (library.stats.counts.songs !== songs) {
    await library.cleanup();
    usage(`${kept} holds ${library.stats.counts.songs} songs; --songs must end with that size`);
  }
  return library;
}

/** A list that did not answer as it should: the message says which and how. */
class ListProblem extends Error {}

interface Timing {
  readonly p50: number;
  readonly p95: number;
}

interface Measured {
  readonly list: string;
  /** Rows in the list as its caller sees it. */
  readonly rows: number;
  readonly first: Timing;
  /** Null for a list that is not paged. */
  readonly deep: Timing | null;
}

interface Run {
  readonly dialect: DialectName;
  readonly songs: number;
  readonly lists: Measured[];
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? NaN;

function timingOf(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

/** One GET over HTTP: its time in ms, and how many items its `data` held. */
function get(agent: http.Agent, port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ ms: number; items: number }>((resolve, reject) => {
    const started = performance.now();
    const request = http.get({ host: '127.0.0.1', port, path, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ms = performance.now() - started;
        const body = Buffer.concat(chunks).toString();
        if (response.statusCode !== 200) {
          reject(new ListProblem(`${path} answered ${response.statusCode}: ${body.slice(0, 300)}`));
          return;
        }
        const data = (JSON.parse(body) as { data?: unknown }).data;
        resolve({ ms, items: Array.isArray(data) ? data.length : 0 });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** A library with the server on it, ready to be asked. */
interface Served {
  readonly library: BuiltLibrary;
  /** One kept-alive connection: requests go one at a time. */
  readonly agent: http.Agent;
  readonly port: number;
  readonly adminId: string;
  headersOf(userId: string): Record<string, string>;
  close(): Promise<void>;
}

/** A list of one library, as it will be asked for. */
interface Prepared {
  readonly list: DeepList;
  readonly served: Served;
  readonly rows: number;
  readonly headers: Record<string, string>;
  /** The row the deep page starts after, and how many items it must hold. */
  readonly offset: number;
  readonly expected: number;
  /** Null for a list that is not paged. */
  readonly deepPath: string | null;
}

async function serve(library: BuiltLibrary): Promise<Served> {
  const { handle } = library;
  const started = performance.now();
  await addDeepRows(handle.db, handle.dialect);
  console.info(`    deep rows added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const jwtSecret = randomBytes(32).toString('hex');
  const signer = new TokenSigner(jwtSecret);
  const container = createContainer(library.config, { jwtSecret, database: handle });
  const app = await buildApp(container, { webRoot: null, logger: false });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const close = async () => {
    await app.close();
    agent.destroy();
    await removeDeepRows(handle.db, handle.dialect);
  };
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const admin = await new UsersRepository(handle.db).findByEmail(library.credentials.adminEmail);
    if (!admin) throw new Error('the generated library has no admin');
    return {
      library,
      agent,
      port: Number(new URL(address).port),
      adminId: admin.id,
      headersOf: (userId) => ({
        authorization: `Bearer ${signer.sign(userId, 0, SESSION_SECONDS)}`,
      }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function prepare(served: Served, list: DeepList): Promise<Prepared> {
  const db = served.library.handle.db;
  let userId = served.adminId;
  if (list.perUser) {
    const heaviest = await heaviestUser(db, list.perUser.table, list.perUser.column);
    if (!heaviest) throw new ListProblem(`${list.name}: no user has rows in ${list.perUser.table}`);
    userId = heaviest.userId;
  }
  const rows = await list.count(db, userId);
  // The next-to-last full page: PAGE rows after the cursor's, and one more after those.
  const offset = Math.max(0, rows - PAGE - 2);
  const cursor = await list.cursorAfter(db, userId, offset);
  return {
    list,
    served,
    rows,
    headers: served.headersOf(userId),
    offset,
    expected: Math.min(PAGE, rows - offset - 1),
    deepPath: cursor === null ? null : `${list.path}&cursor=${encodeURIComponent(cursor)}`,
  };
}

/**
 * Times one list in every library: round after round, each library's first page and then its
 * deep page, so that all of them see the same machine (a shared one's load drifts).
 */
async function measureInTurn(lists: Prepared[]): Promise<Measured[]> {
  const samples = lists.map(() => ({ first: [] as number[], deep: [] as number[] }));
  for (let round = 0; round < args.warmup + args.requests; round += 1) {
    const measured = round >= args.warmup;
    for (const [index, prepared] of lists.entries()) {
      const { served, headers } = prepared;
      const first = await get(served.agent, served.port, prepared.list.path, headers);
      if (measured) samples[index]!.first.push(first.ms);
      if (prepared.deepPath === null) continue;
      const deep = await get(served.agent, served.port, prepared.deepPath, headers);
      if (deep.items !== prepared.expected) {
        throw new ListProblem(
          `${prepared.list.name}: the page after row ${prepared.offset} held ${deep.items} ` +
            `items, not ${prepared.expected}`,
        );
      }
      if (measured) samples[index]!.deep.push(deep.ms);
    }
  }
  return lists.map((prepared, index) => ({
    list: prepared.list.name,
    rows: prepared.rows,
    first: timingOf(samples[index]!.first),
    deep: prepared.deepPath === null ? null : timingOf(samples[index]!.deep),
  }));
}

/** Every list of every size of one database, the sizes measured in turn. */
async function benchmark(dialect: DialectName): Promise<Run[]> {
  const served: Served[] = [];
  try {
    for (const songs of args.sizes) {
      let library: BuiltLibrary;
      try {
        library = await openLibrary(dialect, songs);
      } catch (error) {
        if (!(error instanceof DatabaseUnreachable)) throw error;
        console.info(`  PostgreSQL skipped: ${error.message}`);
        return [];
      }
      console.info(
        `  ${DIALECT_NAMES[dialect]}, ${songs.toLocaleString('en')} songs: built in ` +
          `${library.stats.totalSeconds.toFixed(1)} s; load average ${loadAverageLine()}`,
      );
      try {
        served.push(await serve(library));
      } catch (error) {
        await library.cleanup();
        throw error;
      }
    }
    const runs: Run[] = args.sizes.map((songs) => ({ dialect, songs, lists: [] }));
    for (const list of DEEP_LISTS) {
      const prepared = await Promise.all(served.map((one) => prepare(one, list)));
      const measured = await measureInTurn(prepared);
      for (const [index, result] of measured.entries()) {
        runs[index]!.lists.push(result);
        console.info(`    ${args.sizes[index]!.toLocaleString('en')} songs, ${describe(result)}`);
      }
    }
    return runs;
  } finally {
    for (const one of served) {
      await one.close();
      await one.library.cleanup();
    }
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const ratio = (value: number) => `${value.toFixed(2)}${value > TARGET ? ' ✗' : ''}`;

function describe(result: Measured): string {
  const deep = result.deep
    ? `deep p50 ${ms(result.deep.p50)} p95 ${ms(result.deep.p95)}`
    : 'not paged';
  return `${result.list}: ${result.rows} rows, first p50 ${ms(result.first.p50)} p95 ${ms(result.first.p95)}, ${deep}`;
}

function printDepthTable(runs: Run[]): void {
  console.info(
    '\n| database | songs | list | rows | first p50 | first p95 | deep p50 | deep p95 | deep/first p95 |',
  );
  console.info('|---|---|---|---|---|---|---|---|---|');
  for (const run of runs) {
    for (const m of run.lists) {
      const deep = m.deep
        ? `${ms(m.deep.p50)} | ${ms(m.deep.p95)} | ${ratio(m.deep.p95 / m.first.p95)}`
        : '— | — | not paged';
      console.info(
        `| ${DIALECT_NAMES[run.dialect]} | ${run.songs.toLocaleString('en')} | ${m.list} | ` +
          `${m.rows.toLocaleString('en')} | ${ms(m.first.p50)} | ${ms(m.first.p95)} | ${deep} |`,
      );
    }
  }
}

/** Each page's p95 against the same page's in the smallest library of the same database. */
function printSizeTable(runs: Run[]): void {
  const smallest = args.sizes[0]!;
  const larger = runs.filter((run) => run.songs !== smallest);
  if (larger.length === 0) return;
  console.info(
    `\n| database | songs | list | first p95 / ${smallest.toLocaleString('en')}'s | ` +
      `deep p95 / ${smallest.toLocaleString('en')}'s | deep p95 / ${smallest.toLocaleString('en')}'s first p95 |`,
  );
  console.info('|---|---|---|---|---|---|');
  for (const run of larger) {
    const base = runs.find((other) => other.dialect === run.dialect && other.songs === smallest);
    if (!base) continue;
    for (const m of run.lists) {
      const reference = base.lists.find((entry) => entry.list === m.list);
      if (!reference) continue;
      const deep =
        m.deep && reference.deep
          ? `${ratio(m.deep.p95 / reference.deep.p95)} | ${ratio(m.deep.p95 / reference.first.p95)}`
          : '— | —';
      console.info(
        `| ${DIALECT_NAMES[run.dialect]} | ${run.songs.toLocaleString('en')} | ${m.list} | ` +
          `${ratio(m.first.p95 / reference.first.p95)} | ${deep} |`,
      );
    }
  }
}

async function main(): Promise<void> {
  console.info(
    `Lists at depth: ${args.sizes.map((size) => size.toLocaleString('en')).join(' and ')} songs, ` +
      `${args.requests} requests of each page after ${args.warmup} to warm up, ${PAGE} rows a page`,
  );
  console.info(`  ${today()}, ${machineLine()}`);
  console.info(`  load average at start: ${loadAverageLine()}`);
  const runs: Run[] = [];
  for (const dialect of args.dialects) runs.push(...(await benchmark(dialect)));
  console.info(`  load average at end: ${loadAverageLine()}`);
  printDepthTable(runs);
  printSizeTable(runs);
}

try {
  await main();
} catch (error) {
  if (!(error instanceof UnusableOptions || error instanceof ListProblem)) throw error;
  console.error(error.message);
  process.exit(error instanceof UnusableOptions ? 2 : 1);
}
