// Listening statistics and smart playlists (docs/benchmarks.md "## Listening statistics and smart
// playlists"): at a million songs and ten million plays, each of these pages against a plain
// list page in the same rounds, the listener's Liked Songs first page:
//   - a smart playlist's first page against an ordinary playlist's of the same songs;
//   - the statistics page for a week, a month, a year and all time;
//   - a year in music and "On this day".
// The target: each p95 ≤ 1.5× the plain page's (the smart playlist's also ≤ 1.5× the ordinary
// one's).
//
// The library is generated (bench/support/library-generator.ts) with `--plays` plays in all:
// the generated listeners' share as the generator spreads it, and one heavy listener's (by
// default 5 %) added after (bench/support/bench-listener.ts): years of plays in a listener's
// pattern in their own time zone, the songs they played most liked. The generated listeners'
// statistics come with the library (filled in SQL from their plays, checked against the server's
// PlaysRepository.rebuildTotals for a few of them); the heavy listener's are made by
// rebuildTotals itself, in their time zone. The server runs in this process and opens the
// library itself, as a real one does (it keeps what decision 098 lets it keep), and the pages
// are asked for by the heavy listener over real HTTP on 127.0.0.1, one request at a time on one
// kept-alive connection: after a warm-up, each round asks every page once, in turn; then, in
// rounds of their own, the pages read right after a change to the catalogue.
//
// Usage: npx tsx bench/listening.ts [--db sqlite|postgres|both] [--songs 1000000]
//          [--plays 10000000] [--listener-plays N] [--requests 100] [--warmup 10]
//          [--time-zone Europe/Berlin] [--statistics all|listener]
// `--statistics listener` leaves the generated listeners without statistics (about ten rows of
// listening_totals a play, an hour and more to fill at ten million plays): only the bench
// listener's are made. PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the machine's (a
// temporary schema); it is skipped when unreachable.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import type { CreateSmartPlaylistInput } from '@cadenza/contract/smart-playlists';
import { buildApp } from '../apps/server/src/app';
import { createContainer, type Container } from '../apps/server/src/container';
import type { DialectName } from '../apps/server/src/db/database';
import type { Database } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/ids';
import { SESSION_SECONDS, TokenSigner } from '../apps/server/src/modules/auth/tokens';
import { PlaysRepository } from '../apps/server/src/modules/songs/plays.repository';
import { addBenchListener, type BenchListener } from './support/bench-listener';
import { requireSameAsRebuilt } from './support/listening-totals-fill';
import {
  DEFAULT_SEED,
  DatabaseUnreachable,
  UnusableOptions,
  buildLibrary,
  type BuiltLibrary,
} from './support/library-generator';
import { loadAverageLine, machineLine, today } from './support/machine';

const TARGET = 1.5;
const PAGE = 50;
/** Generated listeners whose statistics are made again by the server, to check the library's. */
const CHECKED_LISTENERS = 3;
const DIALECT_NAMES: Record<DialectName, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
/** The heavy listener's history: six years to the hour the bench starts. */
const HISTORY_FROM = Date.UTC(2020, 11, 31, 23);
const HISTORY_TO = Math.floor(Date.now() / 3_600_000) * 3_600_000;
/** The year whose recap is timed: the last whole one. */
const RECAP_YEAR = new Date(HISTORY_TO).getUTCFullYear() - 1;
/** The smart playlist's rules: rock of 1990–2009, by title, every song that matches. */
const SMART_ROCK: CreateSmartPlaylistInput = {
  name: 'Rock of the nineties and noughties',
  rules: {
    all: [
      { field: 'genre', operator: 'contains', value: 'rock' },
      { field: 'year', operator: 'inTheRange', value: [1990, 2009] },
    ],
  },
  sort: { field: 'title', order: 'asc' },
  limit: null,
};
/** The ordinary playlist of the same songs, in the same order, written in SQL. */
const ORDINARY_ROCK = sql`
  SELECT songs.id AS song_id, songs.duration AS duration,
    row_number() OVER (ORDER BY songs.title, songs.id) AS position
  FROM songs
  WHERE songs.release_year >= 1990 AND songs.release_year <= 2009
    AND EXISTS (SELECT 1 FROM song_genres sg JOIN genres g ON g.id = sg.genre_id
      WHERE sg.song_id = songs.id AND lower(g.name) LIKE '%rock%')`;

function usage(problem: string): never {
  console.error(`${problem}
Usage: npx tsx bench/listening.ts [--db sqlite|postgres|both] [--songs 1000000]
         [--plays 10000000] [--listener-plays N] [--requests 100] [--warmup 10]
         [--time-zone Europe/Berlin] [--statistics all|listener]`);
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
        songs: { type: 'string', default: '1000000' },
        plays: { type: 'string', default: '10000000' },
        'listener-plays': { type: 'string' },
        requests: { type: 'string', default: '100' },
        warmup: { type: 'string', default: '10' },
        'time-zone': { type: 'string', default: 'Europe/Berlin' },
        statistics: { type: 'string', default: 'all' },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values } = parsed;
  if (!['sqlite', 'postgres', 'both'].includes(values.db)) {
    usage(`--db must be sqlite, postgres or both (got "${values.db}")`);
  }
  const plays = wholeNumber('plays', values.plays);
  const listenerPlays =
    values['listener-plays'] === undefined
      ? Math.round(plays / 20)
      : wholeNumber('listener-plays', values['listener-plays']);
  if (listenerPlays >= plays) usage('--listener-plays must be fewer than --plays');
  if (!['all', 'listener'].includes(values.statistics)) {
    usage(`--statistics must be all or listener (got "${values.statistics}")`);
  }
  const timeZone = values['time-zone'];
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    usage(`--time-zone must be an IANA time zone such as Europe/Berlin (got "${timeZone}")`);
  }
  return {
    dialects: (values.db === 'both' ? ['sqlite', 'postgres'] : [values.db]) as DialectName[],
    songs: wholeNumber('songs', values.songs),
    plays,
    listenerPlays,
    requests: wholeNumber('requests', values.requests),
    warmup: wholeNumber('warmup', values.warmup),
    timeZone,
    /** Whether the generated listeners get their statistics too, or only the bench listener. */
    everyListenersStatistics: values.statistics === 'all',
  };
}

const args = readArgs();

/** A page that did not answer as it should: the message says which and how. */
class PageProblem extends Error {}

interface Timing {
  readonly p50: number;
  readonly p95: number;
}

/** A page as the heavy listener asks for it. */
interface Page {
  readonly name: string;
  readonly path: string;
  /** What its ratio is taken against: the plain page, or another page of the run. */
  readonly against: string;
  /** Asked right after a change to the catalogue, which drops what the server kept of it. */
  readonly afterChange?: boolean;
}

interface Measured extends Page {
  readonly timing: Timing;
  /** The answer's size, bytes. */
  readonly bytes: number;
}

interface Run {
  readonly dialect: DialectName;
  readonly listener: BenchListener;
  readonly smartSongs: number;
  readonly setup: readonly string[];
  readonly pages: readonly Measured[];
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? NaN;

function timingOf(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

/** A server over a library, asked one request at a time. */
interface Client {
  request(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ ms: number; bytes: number; json: unknown }>;
}

/** `errors`: the server's last error lines, told with a page that failed. */
function clientOf(
  port: number,
  token: string,
  agent: http.Agent,
  errors: readonly string[],
): Client {
  return {
    request: (method, path, body) =>
      new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const started = performance.now();
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path,
            method,
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              ...(payload === undefined
                ? {}
                : {
                    'content-type': 'application/json',
                    'content-length': Buffer.byteLength(payload),
                  }),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const ms = performance.now() - started;
              const text = Buffer.concat(chunks).toString();
              const status = response.statusCode ?? 0;
              if (status < 200 || status > 299) {
                const logged = errors.length > 0 ? `\nserver log:\n${errors.join('')}` : '';
                reject(
                  new PageProblem(
                    `${method} ${path} answered ${status}: ${text.slice(0, 300)}${logged}`,
                  ),
                );
                return;
              }
              resolve({ ms, bytes: Buffer.byteLength(text), json: JSON.parse(text) });
            });
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(payload);
      }),
  };
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * PostgreSQL: fresh statistics and visibility for the tables the listener's rows went in, as
 * autovacuum leaves them on a live server (the generator did the same for its own).
 */
async function analyzeTouched(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
      AND c.relname IN ('users', 'songs', 'plays', 'last_plays', 'artist_plays', 'likes',
        'playlists', 'playlist_songs', 'listening_totals', 'listening_item_counts')`.execute(db);
  for (const { name } of rows) await sql`VACUUM (ANALYZE) ${sql.table(name)}`.execute(db);
}

/** The ordinary playlist of the smart one's songs, in its order; answers its id and size. */
async function addOrdinaryPlaylist(db: Kysely<Database>, ownerId: string) {
  const id = newId();
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await sql`INSERT INTO playlists (id, owner_id, name, description, is_public, is_default, created_at)
      VALUES (${id}, ${ownerId}, 'Rock of the nineties and noughties, kept', '', 0, 0, ${now})`.execute(
      trx,
    );
    await sql`INSERT INTO playlist_songs (playlist_id, song_id, position, added_at)
      SELECT ${id}, chosen.song_id, chosen.position, ${now} FROM (${ORDINARY_ROCK}) AS chosen`.execute(
      trx,
    );
    // The counts PlaylistsRepository keeps with each change of the songs.
    await sql`UPDATE playlists SET
        song_count = (SELECT count(*) FROM playlist_songs WHERE playlist_id = ${id}),
        duration = (SELECT coalesce(sum(songs.duration), 0) FROM playlist_songs
          JOIN songs ON songs.id = playlist_songs.song_id WHERE playlist_id = ${id})
      WHERE id = ${id}`.execute(trx);
  });
  const row = await db
    .selectFrom('playlists')
    .select('song_count')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, songs: Number(row.song_count) };
}

/** The `YYYY-MM-DD` of an instant in a time zone. */
function dayIn(timeZone: string, at: number): string {
  // Sweden writes its dates as ISO does.
  return new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short' }).format(at);
}

/** The pages of a run: the plain one first, then each against it or its own reference. */
function pagesOf(ordinaryId: string, smartId: string): Page[] {
  const weekAgo = dayIn(args.timeZone, HISTORY_TO - 7 * 86_400_000);
  const plain = 'liked songs, first page';
  const ordinary = 'ordinary playlist, first page';
  return [
    { name: plain, path: `/api/user/songs/liked?limit=${PAGE}`, against: plain },
    {
      name: ordinary,
      path: `/api/user/playlists/${ordinaryId}/songs?limit=${PAGE}`,
      against: plain,
    },
    {
      name: 'smart playlist, first page',
      path: `/api/user/playlists/${smartId}/songs?limit=${PAGE}`,
      against: ordinary,
    },
    {
      name: 'smart playlist, opened',
      path: `/api/user/smart-playlists/${smartId}?limit=${PAGE}`,
      against: ordinary,
    },
    // Its rules evaluated again: what the first read after a change to the library costs.
    {
      name: 'smart playlist, opened after a change',
      path: `/api/user/smart-playlists/${smartId}?limit=${PAGE}`,
      against: ordinary,
      afterChange: true,
    },
    // The week holding today may have begun this morning: the last whole one is timed too.
    {
      name: 'statistics, last whole week',
      path: `/api/user/stats?period=week&at=${weekAgo}`,
      against: plain,
    },
    ...(['week', 'month', 'year', 'all'] as const).map((period) => ({
      name: `statistics, ${period}`,
      path: `/api/user/stats?period=${period}`,
      against: plain,
    })),
    {
      name: `year in music, ${RECAP_YEAR}`,
      path: `/api/user/stats/years/${RECAP_YEAR}`,
      against: plain,
    },
    { name: 'on this day', path: '/api/user/on-this-day', against: plain },
    // Read again: what the first read after a change to the library or a play costs.
    {
      name: 'statistics, all, after a change',
      path: '/api/user/stats?period=all',
      against: plain,
      afterChange: true,
    },
  ];
}

/**
 * Round after round, every page once in turn, so that all of them see the same machine; then, in
 * rounds of their own (a change drops everything the server kept), the pages asked right after a
 * change.
 */
async function measure(
  client: Client,
  pages: readonly Page[],
  changeCatalogue: () => Promise<unknown>,
): Promise<Measured[]> {
  const samples = pages.map(() => [] as number[]);
  const bytes = pages.map(() => 0);
  for (const afterChange of [false, true]) {
    for (let round = 0; round < args.warmup + args.requests; round += 1) {
      for (const [index, page] of pages.entries()) {
        if ((page.afterChange ?? false) !== afterChange) continue;
        if (afterChange) await changeCatalogue();
        const answer = await client.request('GET', page.path);
        if (round >= args.warmup) samples[index]!.push(answer.ms);
        bytes[index] = answer.bytes;
      }
    }
  }
  return pages.map((page, index) => ({
    ...page,
    timing: timingOf(samples[index]!),
    bytes: bytes[index]!,
  }));
}

async function benchmark(dialect: DialectName): Promise<Run | null> {
  const name = DIALECT_NAMES[dialect];
  const setup: string[] = [];
  const note = (line: string) => {
    setup.push(line);
    console.info(`    ${line}`);
  };
  let library: BuiltLibrary;
  try {
    library = await buildLibrary({
      songs: args.songs,
      dialect,
      seed: DEFAULT_SEED,
      plays: args.plays - args.listenerPlays,
      listeningTotals: args.everyListenersStatistics,
      log: (line) => console.info(`  ${line.trim()}`),
    });
  } catch (error) {
    if (!(error instanceof DatabaseUnreachable)) throw error;
    console.info(`  PostgreSQL skipped: ${error.message}`);
    return null;
  }
  const { handle } = library;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let container: Container | undefined;
  try {
    note(
      `${name}: ${library.stats.counts.songs.toLocaleString('en')} songs and ` +
        `${library.stats.counts.plays.toLocaleString('en')} generated plays built in ` +
        `${library.stats.totalSeconds.toFixed(1)} s`,
    );
    let started = performance.now();
    const listener = await addBenchListener(handle.db, dialect, {
      plays: args.listenerPlays,
      from: HISTORY_FROM,
      to: HISTORY_TO,
      timeZone: args.timeZone,
      seed: DEFAULT_SEED,
    });
    note(
      `bench listener: ${listener.plays.toLocaleString('en')} plays of ` +
        `${listener.songs.toLocaleString('en')} songs, ${listener.likes} liked, in ` +
        `${args.timeZone}, added in ${seconds(started)} s`,
    );
    if (args.everyListenersStatistics) {
      started = performance.now();
      await requireSameAsRebuilt(handle.db, CHECKED_LISTENERS);
      note(
        `generated listeners' statistics as PlaysRepository.rebuildTotals makes them ` +
          `(${CHECKED_LISTENERS} checked) in ${seconds(started)} s`,
      );
    } else {
      note("generated listeners' statistics left out (--statistics listener)");
    }
    started = performance.now();
    await new PlaysRepository(handle.db).rebuildTotals(listener.userId);
    const totals = await handle.db
      .selectFrom('listening_totals')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    note(
      `bench listener's statistics made by PlaysRepository.rebuildTotals in ` +
        `${seconds(started)} s; ${Number(totals.n).toLocaleString('en')} rows of listening_totals in all`,
    );
    started = performance.now();
    const ordinary = await addOrdinaryPlaylist(handle.db, listener.userId);
    await analyzeTouched(handle.db, dialect);
    note(
      `ordinary playlist of ${ordinary.songs.toLocaleString('en')} songs added, tables analysed in ${seconds(started)} s`,
    );

    const jwtSecret = randomBytes(32).toString('hex');
    // The server opens the library itself, as a real one does: it hears every write to it and
    // keeps what it may (smart playlists' lists, decision 098).
    container = createContainer(library.config, {
      jwtSecret,
      ...(library.postgresSchema ? { postgresSchema: library.postgresSchema } : {}),
    });
    // Only errors are logged, and kept to tell why a page failed.
    const errors: string[] = [];
    app = await buildApp(container, {
      webRoot: null,
      logger: {
        level: 'error',
        stream: { write: (line) => void errors.splice(0, errors.push(line) - 4) },
      },
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = new TokenSigner(jwtSecret).sign(listener.userId, 0, SESSION_SECONDS);
    const client = clientOf(Number(new URL(address).port), token, agent, errors);

    const created = (await client.request('POST', '/api/user/smart-playlists', SMART_ROCK))
      .json as {
      data: { _id: string };
    };
    const preview = (
      await client.request('POST', '/api/user/smart-playlists/preview', {
        ...SMART_ROCK,
        sample: 0,
      })
    ).json as { data: { songCount: number } };
    const smartSongs = preview.data.songCount;
    if (smartSongs !== ordinary.songs) {
      throw new PageProblem(
        `the smart playlist chose ${smartSongs} songs, the ordinary one holds ${ordinary.songs}`,
      );
    }
    note(
      `smart playlist of ${smartSongs.toLocaleString('en')} songs created; load average ${loadAverageLine()}`,
    );
    // A write the server's own handle makes, as an edit would: every node hears of it.
    const { db } = container.database;
    const changeCatalogue = () =>
      sql`UPDATE songs SET title = title WHERE id = (SELECT song_id FROM playlist_songs
        WHERE playlist_id = ${ordinary.id} ORDER BY position LIMIT 1)`.execute(db);
    const pages = await measure(client, pagesOf(ordinary.id, created.data._id), changeCatalogue);
    return { dialect, listener, smartSongs, setup, pages };
  } finally {
    await app?.close();
    await container?.close();
    agent.destroy();
    await library.cleanup();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const ratio = (value: number) => `${value.toFixed(2)}${value > TARGET ? ' ✗' : ''}`;

function printTable(runs: readonly Run[]): void {
  console.info('\n| database | page | p50 | p95 | size | against | p50 ratio | p95 ratio |');
  console.info('|---|---|---|---|---|---|---|---|');
  for (const run of runs) {
    for (const page of run.pages) {
      const reference = run.pages.find((other) => other.name === page.against)!;
      const self = reference === page;
      console.info(
        `| ${DIALECT_NAMES[run.dialect]} | ${page.name} | ${ms(page.timing.p50)} | ` +
          `${ms(page.timing.p95)} | ${(page.bytes / 1024).toFixed(1)} KiB | ` +
          `${self ? '—' : page.against} | ` +
          `${self ? '—' : ratio(page.timing.p50 / reference.timing.p50)} | ` +
          `${self ? '—' : ratio(page.timing.p95 / reference.timing.p95)} |`,
      );
    }
  }
}

async function main(): Promise<void> {
  console.info(
    `Listening statistics and smart playlists: ${args.songs.toLocaleString('en')} songs, ` +
      `${args.plays.toLocaleString('en')} plays (${args.listenerPlays.toLocaleString('en')} ` +
      `by the bench listener), ${args.requests} rounds after ${args.warmup} to warm up`,
  );
  console.info(`  ${today()}, ${machineLine()}`);
  console.info(`  load average at start: ${loadAverageLine()}`);
  const runs: Run[] = [];
  for (const dialect of args.dialects) {
    const run = await benchmark(dialect);
    if (run) runs.push(run);
  }
  console.info(`  load average at end: ${loadAverageLine()}`);
  printTable(runs);
}

try {
  await main();
} catch (error) {
  if (!(error instanceof UnusableOptions || error instanceof PageProblem)) throw error;
  console.error(error.message);
  process.exit(error instanceof UnusableOptions ? 2 : 1);
}
