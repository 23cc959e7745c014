// A queue of 10,000 songs in the browser: the longest main-thread task while the queue is built
// ("Play" on a playlist, "Add to queue" of it), reordered (Alt+ArrowDown in the queue panel, and
// a drag of a row's handle) and shuffled (the player's Shuffle), with the queue panel open,
// against the same operations on a playlist of 100 songs in the same run. Target: no task over
// 50 ms with 10,000 songs.
//
// A generated library of 10,000 songs (bench/support/library-generator.ts, SQLite) gets two
// playlists of one of its listeners, every song and the first 100, and one real audio file that
// every song points at (ten minutes, so that no song ends and none is decoded: the engine
// decodes songs of at most 8 minutes); the built server runs on it and Debian's Chromium drives
// the web app. Each round opens a fresh browser context per playlist, the two in alternating
// order. Per operation, a PerformanceObserver of 'longtask' entries (buffered, installed before
// the page's code) counts the tasks over 50 ms, and a Chromium trace of the operation gives the
// longest task of any length (the figure the ratio compares). An operation's window runs from
// the action to what it shows (the queue panel, the announcement, the toast) and then on for
// 1.6 s, past the moment the queue is saved to the server (a second after a change).
//
// Usage: npm run build && npx tsx bench/queue.ts [--rounds 5] [--songs 10000] [--trace DIR]
//          [--profile DIR]
// --trace DIR keeps the trace of each operation of the first round, --profile DIR a CPU profile
// of each (open either in Chrome DevTools' Performance panel; under the sampler the page runs
// slower).
// Needs Debian's Chromium, sox and lame.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { buildLibrary, type BuiltLibrary } from './support/library-generator';
import { loadAverageLine, machineLine, today } from './support/machine';
import { freePort, startProcess, type Started } from './support/processes';
import {
  assertBrowserBenchReady,
  BenchError,
  launchSoundBrowser,
  SERVER_ENTRY,
  SESSION_STORAGE_KEYS,
} from './support/demo-server.mjs';

const REFERENCE_SONGS = 100;
const TARGET_MS = 50;
/** After what an operation shows: past the queue's save to the server, a second after a change. */
const SETTLE_MS = 1600;
const KEY_PRESSES = 5;
/** Ten minutes: longer than any song is decoded (8 minutes), so every song streams. */
const AUDIO_SECONDS = 600;
const AUDIO_KEY = 'audio/bench-queue-tone.mp3';
/**
 * tsx compiles with esbuild's keepNames, so a function handed to the page calls `__name`, which
 * only the bench's own module defines: the page gets one that leaves the name alone.
 */
const KEEP_NAMES_SHIM = 'globalThis.__name = (target) => target;';

const OPERATIONS = [
  'First play, queue closed',
  'Play, queue open',
  `Alt+ArrowDown ×${KEY_PRESSES}`,
  'Drag a row',
  'Shuffle on',
  'Add to queue',
] as const;
type Operation = (typeof OPERATIONS)[number];

interface Figures {
  /** The longest main-thread task in the window (trace), ms. */
  longest: number;
  /**
   * The most CPU time one main-thread task took (the trace's thread time), ms: about what the
   * longest task would last on an idle machine, where nothing else takes the CPU from it.
   */
  longestCpu: number;
  /** Long tasks (over 50 ms) the page's PerformanceObserver saw in the window. */
  longTasks: number[];
}

interface Session {
  token: string;
  user: unknown;
}

interface Playlist {
  id: string;
  name: string;
  songs: number;
  /** The first two songs' titles, as the page shows them. */
  titles: string[];
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '5' },
      songs: { type: 'string', default: '10000' },
      profile: { type: 'string' },
      trace: { type: 'string' },
    },
  });
  const rounds = Number(values.rounds);
  const songs = Number(values.songs);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50) {
    throw new BenchError('--rounds must be a whole number from 1 to 50');
  }
  if (!Number.isInteger(songs) || songs <= REFERENCE_SONGS || songs > 100_000) {
    throw new BenchError(`--songs must be a whole number from ${REFERENCE_SONGS + 1} to 100000`);
  }
  for (const dir of [values.profile, values.trace]) if (dir) fs.mkdirSync(dir, { recursive: true });
  return { rounds, songs, profile: values.profile ?? null, trace: values.trace ?? null };
}

/** One audio file of a quiet tone that every song of the library plays. */
function writeAudio(dataDir: string): number {
  const file = path.join(dataDir, 'media', AUDIO_KEY);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const wav = `${file}.wav`;
  execFileSync('sox', [
    '-n',
    '-r',
    '8000',
    '-c',
    '1',
    '-b',
    '16',
    wav,
    'synth',
    String(AUDIO_SECONDS),
    'sine',
    '440',
    'vol',
    '0.05',
  ]);
  execFileSync('lame', ['--quiet', '-b', '16', wav, file]);
  fs.rmSync(wav);
  return fs.statSync(file).size;
}

/**
 * Every song plays the one file, as long as it; a listener of the library owns a playlist of
 * every song (in the order they were added) and one of the first 100.
 */
async function prepareLibrary(library: BuiltLibrary, songs: number) {
  const { db } = library.handle;
  const bytes = writeAudio(library.dataDir);
  await db
    .updateTable('songs')
    .set({
      audio_key: AUDIO_KEY,
      audio_mime: 'audio/mpeg',
      audio_bytes: bytes,
      duration: AUDIO_SECONDS,
      duration_ms: AUDIO_SECONDS * 1000,
    })
    .execute();
  const listener = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('role', '=', 'user')
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('songs')
    .select(['id', 'title'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(songs)
    .execute();
  if (rows.length < songs) throw new BenchError(`the library holds ${rows.length} songs`);
  const playlists: Playlist[] = [];
  for (const size of [songs, REFERENCE_SONGS]) {
    const id = randomUUID();
    const name = `Bench ${size.toLocaleString('en')}`;
    const chosen = rows.slice(0, size);
    const createdAt = new Date().toISOString();
    await db
      .insertInto('playlists')
      .values({
        id,
        owner_id: listener.id,
        name,
        description: '',
        cover_key: null,
        is_public: 0,
        is_default: 0,
        created_at: createdAt,
        song_count: size,
        duration: size * AUDIO_SECONDS,
      })
      .execute();
    for (let start = 0; start < size; start += 1000) {
      await db
        .insertInto('playlist_songs')
        .values(
          chosen.slice(start, start + 1000).map((song, index) => ({
            playlist_id: id,
            song_id: song.id,
            position: start + index + 1,
            added_at: createdAt,
          })),
        )
        .execute();
    }
    playlists.push({ id, name, songs: size, titles: chosen.slice(0, 2).map((song) => song.title) });
  }
  return { email: listener.email, playlists };
}

async function logIn(url: string, email: string, password: string): Promise<Session> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: unknown; user?: unknown };
  if (!res.ok || typeof body.token !== 'string') {
    throw new BenchError(`could not sign in: ${res.status} ${JSON.stringify(body)}`);
  }
  return { token: body.token, user: body.user };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  /** The thread's own (CPU) time. */
  tdur?: number;
  args?: { name?: string; data?: { frames?: { processId: number; parent?: string }[] } };
}

/** The longest task on the page's main thread in a Chromium trace, and the most CPU one took, ms. */
function longestTask(trace: Buffer): { wall: number; cpu: number } {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const pages = new Set<number>();
  for (const event of traceEvents) {
    if (event.name !== 'TracingStartedInBrowser') continue;
    for (const frame of event.args?.data?.frames ?? []) {
      if (!frame.parent) pages.add(frame.processId);
    }
  }
  const mainThreads = new Set(
    traceEvents
      .filter(
        (event) =>
          event.ph === 'M' &&
          event.name === 'thread_name' &&
          event.args?.name === 'CrRendererMain' &&
          (pages.size === 0 || pages.has(event.pid)),
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  let wall = 0;
  let cpu = 0;
  for (const event of traceEvents) {
    if (event.ph !== 'X' || event.name !== 'RunTask') continue;
    if (!mainThreads.has(`${event.pid}:${event.tid}`)) continue;
    wall = Math.max(wall, (event.dur ?? 0) / 1000);
    cpu = Math.max(cpu, (event.tdur ?? 0) / 1000);
  }
  return { wall, cpu };
}

/** Installed before the page's code: every long task, on the page's clock. */
function observeLongTasks(): void {
  const tasks: [number, number][] = [];
  Object.assign(window, { benchLongTasks: tasks });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

const pageNow = (page: Page) => page.evaluate(() => performance.now());

/** Runs an operation inside a trace: its longest task, and the long tasks the page observed. */
async function measure(
  browser: Browser,
  page: Page,
  act: () => Promise<void>,
  shown: () => Promise<void>,
  saveAs: { profile?: string; trace?: string } = {},
): Promise<Figures> {
  const { profile } = saveAs;
  const cdp = profile ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await browser.startTracing(page, {
    categories: ['disabled-by-default-devtools.timeline', 'devtools.timeline'],
  });
  const from = await pageNow(page);
  await act();
  await shown();
  await page.waitForTimeout(SETTLE_MS);
  const to = await pageNow(page);
  const trace = await browser.stopTracing();
  if (cdp && profile) {
    const { profile: cpuProfile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(profile, JSON.stringify(cpuProfile));
    await cdp.detach();
  }
  if (saveAs.trace) fs.writeFileSync(saveAs.trace, trace);
  const longTasks = await page.evaluate(
    ([start, end]) =>
      (window as unknown as { benchLongTasks: [number, number][] }).benchLongTasks
        .filter(([at]) => at >= start! && at <= end!)
        .map(([, duration]) => duration),
    [from, to],
  );
  const { wall, cpu } = longestTask(trace);
  return { longest: wall, longestCpu: cpu, longTasks };
}

/** One playlist's round: the page, then each operation in turn on the queue it leaves. */
async function round(
  browser: Browser,
  url: string,
  session: Session,
  playlist: Playlist,
  saveIn: { profile: string | null; trace: string | null },
): Promise<Map<Operation, Figures>> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 1440, height: 900 },
  });
  const figures = new Map<Operation, Figures>();
  try {
    await context.addInitScript({ content: KEEP_NAMES_SHIM });
    await context.addInitScript(
      ({ keys, value }) => {
        if (!localStorage.getItem(keys.token)) {
          localStorage.setItem(keys.token, value.token);
          localStorage.setItem(keys.user, JSON.stringify(value.user));
        }
      },
      { keys: SESSION_STORAGE_KEYS, value: session },
    );
    await context.addInitScript(observeLongTasks);
    const page = await context.newPage();
    await page.goto(`/playlist/${playlist.id}`);
    const play = page.getByRole('button', { name: `Play ${playlist.name}`, exact: true });
    await play.waitFor({ timeout: 60_000 });
    const grid = page.getByRole('grid', { name: 'Songs' });
    await grid.waitFor();
    await page.waitForLoadState('networkidle');
    const player = page.getByRole('region', { name: 'Player' });
    const panel = page.getByRole('complementary', { name: 'Queue' });
    const status = panel.getByRole('status');
    const [first, second] = playlist.titles as [string, string];
    const run = async (
      operation: Operation,
      act: () => Promise<void>,
      shown: () => Promise<void>,
    ) => {
      const name = `${playlist.songs}-${operation.replace(/\W+/g, '-')}`;
      const saveAs = {
        ...(saveIn.profile ? { profile: path.join(saveIn.profile, `${name}.cpuprofile`) } : {}),
        ...(saveIn.trace ? { trace: path.join(saveIn.trace, `${name}.json`) } : {}),
      };
      figures.set(operation, await measure(browser, page, act, shown, saveAs));
    };

    // The second song first, so that Play (the first song) builds the queue anew.
    await run(
      'First play, queue closed',
      async () => {
        const row = grid.getByRole('row', { name: second, exact: true }).first();
        await row.hover();
        await row.getByRole('button', { name: `Play ${second}`, exact: true }).click();
      },
      () => player.getByRole('button', { name: 'Pause', exact: true }).waitFor(),
    );
    await player.getByRole('button', { name: 'Queue', exact: true }).click();
    await panel.waitFor();
    await run(
      'Play, queue open',
      () => play.click(),
      () => panel.getByRole('button', { name: `Pause ${first}`, exact: true }).waitFor(),
    );

    const row = (index: number) => panel.locator(`[data-queue-index="${index}"]`);
    await row(1).locator('[data-row-main]').focus();
    await run(
      `Alt+ArrowDown ×${KEY_PRESSES}`,
      async () => {
        for (let press = 0; press < KEY_PRESSES; press += 1) {
          await page.keyboard.press('Alt+ArrowDown');
          await status.getByText(`moved to position ${press + 2} of`).waitFor();
        }
      },
      async () => undefined,
    );

    await run(
      'Drag a row',
      () => row(2).locator('[data-queue-handle]').dragTo(row(5)),
      () => status.getByText('moved to position 5 of').waitFor(),
    );

    await run(
      'Shuffle on',
      () => player.getByRole('button', { name: 'Shuffle', exact: true }).click(),
      () => player.locator('button[aria-label="Shuffle"][aria-pressed="true"]').waitFor(),
    );

    await run(
      'Add to queue',
      async () => {
        await page
          .getByRole('button', { name: `More options for ${playlist.name}`, exact: true })
          .click();
        await page.getByRole('menuitem', { name: 'Add to queue', exact: true }).click();
      },
      () =>
        page.getByText(`${playlist.songs} songs added to queue`, { exact: true }).first().waitFor(),
    );
    return figures;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

async function main(): Promise<void> {
  const { rounds, songs, profile, trace } = readOptions();
  assertBrowserBenchReady();
  const loadStart = loadAverageLine();
  console.log(`Building a library of ${songs.toLocaleString('en')} songs...`);
  const library = await buildLibrary({ songs, dialect: 'sqlite' });
  let server: Started | null = null;
  const browser = await launchSoundBrowser();
  try {
    const { email, playlists } = await prepareLibrary(library, songs);
    const port = await freePort();
    server = await startProcess(
      [SERVER_ENTRY],
      {
        ...library.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DEMO_LIBRARY: 'false',
      },
      port,
      '/api/health',
    );
    const session = await logIn(server.url, email, library.credentials.password);
    const results = new Map<number, Map<Operation, Figures>[]>(
      playlists.map((playlist) => [playlist.songs, []]),
    );
    for (let index = 0; index < rounds; index += 1) {
      // Alternating the order spreads any drift in the machine's load over both.
      const order = index % 2 === 0 ? playlists : [...playlists].reverse();
      for (const playlist of order) {
        // The first round's only: the sampler slows the page it watches.
        const saveIn = index === 0 ? { profile, trace } : { profile: null, trace: null };
        const figures = await round(browser, server.url, session, playlist, saveIn);
        results.get(playlist.songs)!.push(figures);
        console.log(
          `round ${index + 1}, ${playlist.songs} songs: ${OPERATIONS.map((operation) => {
            const { longest, longestCpu, longTasks } = figures.get(operation)!;
            return `${operation} ${longest.toFixed(0)} ms (CPU ${longestCpu.toFixed(0)} ms)${longTasks.length ? ` [long tasks ${longTasks.map((task) => task.toFixed(0)).join(', ')}]` : ''}`;
          }).join('; ')}`,
        );
      }
    }

    const big = results.get(songs)!;
    const small = results.get(REFERENCE_SONGS)!;
    console.log('');
    console.log(`${today()}, ${machineLine()}, Chromium ${browser.version()}`);
    console.log(
      `rounds: ${rounds}; load average (1, 5, 15 min) at start: ${loadStart}; at end: ${loadAverageLine()}`,
    );
    console.log('');
    const size = songs.toLocaleString('en');
    console.log(
      `| operation, queue panel open | longest task, ${size} songs | longest task, ${REFERENCE_SONGS} songs | ratio | most CPU in a task, ${size} songs | most CPU in a task, ${REFERENCE_SONGS} songs | ratio | tasks over ${TARGET_MS} ms, ${size} songs (all rounds) |`,
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    const cell = (values: number[]) =>
      `${median(values).toFixed(0)} / ${Math.max(...values).toFixed(0)} ms`;
    let met = true;
    for (const operation of OPERATIONS) {
      const of = (list: Map<Operation, Figures>[], key: 'longest' | 'longestCpu') =>
        list.map((figures) => figures.get(operation)![key]);
      const over = big.flatMap((figures) => figures.get(operation)!.longTasks);
      if (median(of(big, 'longestCpu')) > TARGET_MS) met = false;
      const ratio = (key: 'longest' | 'longestCpu') =>
        (median(of(big, key)) / median(of(small, key))).toFixed(2);
      console.log(
        `| ${operation} | ${cell(of(big, 'longest'))} | ${cell(of(small, 'longest'))} | ${ratio('longest')} | ${cell(of(big, 'longestCpu'))} | ${cell(of(small, 'longestCpu'))} | ${ratio('longestCpu')} | ${over.length === 0 ? 'none' : over.map((task) => task.toFixed(0)).join(', ')} |`,
      );
    }
    console.log('');
    console.log(
      '(median / worst of the rounds; "most CPU" is the thread time of the task that took most)',
    );
    console.log(
      `With ${size} songs, the most CPU any task took (median per operation); target ≤ ${TARGET_MS} ms: ${met ? 'met' : 'NOT met'}`,
    );
  } finally {
    await browser.close();
    await server?.stop();
    await library.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `queue bench: ${error.message}` : error);
  process.exit(1);
});
