// The player's sound: for an album cut from one tone in MP3 (LAME header), AAC, FLAC and Opus,
// the longest silence and the steepest step where its tracks join, as the page's Web Audio graph
// sends them to the speakers (an AudioWorklet tap installed before the page's code); and Next to
// sound when the next song is decoded: from the click on the player's Next to the first loud
// sample the graph renders (and to the moment it reaches the output, the output's latency
// added), against a bare page whose Next plays a second <audio> element already loaded with the
// same file (routed through a graph so that the same tap hears it).
// Click to first sound is bench/click-to-sound.mjs's. Targets: gap ≤ 5 ms; Next → sound ≤ 50 ms.
//
// Usage: npm run build && npx tsx bench/player.ts [--rounds 5] [--only gap|next]
// Needs Debian's Chromium, sox, lame and ffmpeg.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  clearTap,
  installOutputTap,
  tapLevels,
  tapSamples,
  toneBreaks,
} from '../e2e/support/output-tap';
import {
  TONE_TRACK_SECONDS,
  TONE_TRACKS,
  writeToneAlbum,
  type ToneFormat,
} from '../e2e/support/tone-album';
import {
  assertBrowserBenchReady,
  BenchError,
  launchSoundBrowser,
  SESSION_STORAGE_KEYS,
  signUpListener,
  startDemoServer,
} from './support/demo-server.mjs';

const FORMATS: ToneFormat[] = ['mp3', 'm4a', 'flac', 'opus'];
const FORMAT_NAMES: Record<ToneFormat, string> = {
  mp3: 'MP3',
  m4a: 'AAC (m4a)',
  flac: 'FLAC',
  opus: 'Opus',
};
const GAP_TARGET_MS = 5;
const NEXT_TARGET_MS = 50;
const NEXT_ALBUM = 'Tone in MP3';
const ADMIN = { email: 'bench@cadenza.local', password: 'player-bench-admin-1' };
const LISTENER = {
  name: 'Bench Listener',
  email: 'player@cadenza.local',
  password: 'player-bench-1',
};
const REFERENCE_PATH = '/__player-bench-reference';
const LOUD = 0.05;
/** The graph's fade-in when it takes a song over from the element (30 ms), and some margin. */
const ONSET_SECONDS = 0.1;
/**
 * tsx compiles with esbuild's keepNames, so a function handed to the page calls `__name`, which
 * only the bench's own module defines: the page gets one that leaves the name alone.
 */
const KEEP_NAMES_SHIM = 'globalThis.__name = (target) => target;';

interface Session {
  token: string;
  user: unknown;
}
interface ListedSong {
  title: string;
  album: string | null;
  albumId: string | null;
  trackNumber: number | null;
  audioFile: string;
}

function readOptions(): { rounds: number; gap: boolean; next: boolean } {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '5' },
      only: { type: 'string' },
    },
  });
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50) {
    throw new BenchError('--rounds must be a whole number from 1 to 50');
  }
  if (values.only !== undefined && values.only !== 'gap' && values.only !== 'next') {
    throw new BenchError('--only must be gap or next');
  }
  return { rounds, gap: values.only !== 'next', next: values.only !== 'gap' };
}

async function toneSongs(url: string, token: string, albums: Set<string>): Promise<ListedSong[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${url}/api/user/songs?limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await res.json()) as { data: ListedSong[] };
    const songs = data.filter((song) => song.album !== null && albums.has(song.album));
    if (songs.length === albums.size * TONE_TRACKS) return songs;
    if (Date.now() > deadline) throw new BenchError('the tone albums were not scanned in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A fresh browser context (empty cache and storage) with the output tap and a click probe. */
async function tapContext(
  browser: Browser,
  url: string,
  session: Session | null,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  await context.addInitScript({ content: KEEP_NAMES_SHIM });
  if (session) {
    await context.addInitScript(
      ({ keys, value }) => {
        if (!localStorage.getItem(keys.token)) {
          localStorage.setItem(keys.token, value.token);
          localStorage.setItem(keys.user, JSON.stringify(value.user));
        }
      },
      { keys: SESSION_STORAGE_KEYS, value: session },
    );
  }
  await context.addInitScript(() => {
    window.addEventListener(
      'click',
      (event) => Object.assign(window, { lastClick: event.timeStamp }),
      true,
    );
  });
  await installOutputTap(context);
  return context;
}

/** Runs `measure` on a page of a fresh context: every measurement starts from an empty player. */
async function inFreshPage<T>(
  browser: Browser,
  url: string,
  session: Session,
  measure: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await tapContext(browser, url, session);
  try {
    return await measure(await context.newPage());
  } finally {
    await context.close();
  }
}

async function until<T>(what: string, seconds: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const answer = await probe();
    if (answer !== null) return answer;
    if (Date.now() > deadline) throw new BenchError(`${what}: not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function waitForSilence(page: Page): Promise<true> {
  return until('the graph falls silent', 30, async () => {
    const levels = await tapLevels(page, LOUD);
    return (levels.samples - levels.lastLoud) / levels.rate > 0.2 ? true : null;
  });
}

/** Until the page has the whole of a file (Resource Timing; its signature may differ). */
async function waitForResource(page: Page, file: string): Promise<void> {
  const wanted = new URL(file, page.url()).pathname;
  await page.waitForFunction(
    (pathname) =>
      performance
        .getEntriesByType('resource')
        .some(
          (entry) =>
            new URL(entry.name).pathname === pathname &&
            (entry as PerformanceResourceTiming).responseEnd > 0,
        ),
    wanted,
    { timeout: 30_000 },
  );
}

interface NextFigures {
  /** Click → the first loud sample at the graph's output (its output latency included). */
  sound: number;
  /** Click → the element's `playing` (the bare page only). */
  playing: number | null;
  /** The graph's base and output latency. */
  latency: number;
}

/** After a click: waits for sound at the tap, then answers the figures on the page's clock. */
async function soundAfterClick(page: Page): Promise<NextFigures> {
  await until('sound after the click', 20, async () =>
    (await tapLevels(page, LOUD)).loud > 0 ? true : null,
  );
  return page.evaluate(async (threshold) => {
    const probe = window as unknown as {
      lastClick: number;
      nextPlaying?: number | null;
      outputTap: {
        firstLoudTime(limit: number): Promise<number>;
        pageTimeAtOutput(graphTime: number): number;
        latencyMs(): number;
      };
    };
    const firstLoud = await probe.outputTap.firstLoudTime(threshold);
    return {
      sound: probe.outputTap.pageTimeAtOutput(firstLoud) - probe.lastClick,
      playing: typeof probe.nextPlaying === 'number' ? probe.nextPlaying - probe.lastClick : null,
      latency: probe.outputTap.latencyMs(),
    };
  }, LOUD);
}

/** Plays an album through and measures its joins. */
async function gapOf(page: Page, albumId: string) {
  await page.goto(`/album/${albumId}`);
  await clearTap(page);
  await page.getByRole('button', { name: /^Play album / }).click();
  const player = page.getByRole('region', { name: 'Player' });
  const albumSeconds = TONE_TRACKS * TONE_TRACK_SECONDS;
  // The album has played through when the player stops by itself, and the graph is silent.
  await player.getByRole('button', { name: 'Pause', exact: true }).waitFor();
  await player
    .getByRole('button', { name: 'Play', exact: true })
    .waitFor({ timeout: albumSeconds * 5_000 });
  for (;;) {
    const levels = await tapLevels(page, LOUD);
    if ((levels.samples - levels.lastLoud) / levels.rate > 0.3) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { rate, samples } = await tapSamples(page);
  // The graph takes the first track over from the element once it is decoded, fading in: what
  // is measured starts after that fade, so that only the joins count.
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  const onset = samples.findIndex((sample) => Math.abs(sample) > peak * LOUD);
  const breaks = toneBreaks(samples.subarray(onset + Math.round(ONSET_SECONDS * rate)), rate);
  // The joins heard are those in the sounding stretch, which ends with the album.
  const joins = Array.from({ length: TONE_TRACKS - 1 }, (_, i) => (i + 1) * TONE_TRACK_SECONDS);
  const heardFrom = albumSeconds - breaks.soundingSeconds;
  return { ...breaks, joinsHeard: joins.filter((join) => join > heardFrom + 0.05).length };
}

/**
 * Next with the next track decoded: the album starts and is paused at once (the graph falls
 * silent), the second track's bytes arrive and a second passes for decoding, and the player's
 * Next is clicked. The figure runs from the click event's time to the moment the first loud
 * sample of the graph reaches the output (its graph time put on the page's clock by
 * `getOutputTimestamp`, so the output's latency counts).
 */
async function nextToSound(page: Page, albumId: string, nextFile: string): Promise<NextFigures> {
  await page.goto(`/album/${albumId}`);
  await page.getByRole('button', { name: /^Play album / }).click();
  const player = page.getByRole('region', { name: 'Player' });
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  await waitForResource(page, nextFile);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await waitForSilence(page);
  await clearTap(page);
  await player.getByRole('button', { name: 'Next', exact: true }).click();
  return soundAfterClick(page);
}

/** The reference: two elements, the second's file loaded; its Next pauses one, plays the other. */
function referencePage(first: string, next: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reference</title></head>
<body><button id="next" type="button">Next</button>
<audio id="first" preload="auto"></audio><audio id="second" preload="auto"></audio>
<script>
  const first = document.getElementById('first');
  const second = document.getElementById('second');
  first.src = ${JSON.stringify(first)};
  second.src = ${JSON.stringify(next)};
  // Through a graph like the app's sound, so that the same tap hears it.
  const context = new AudioContext();
  context.createMediaElementSource(first).connect(context.destination);
  context.createMediaElementSource(second).connect(context.destination);
  window.referenceReady = () => second.readyState >= 4;
  window.nextPlaying = null;
  document.getElementById('next').addEventListener('click', () => {
    void context.resume();
    first.pause();
    second.addEventListener('playing', () => (window.nextPlaying = performance.now()), { once: true });
    void second.play();
  });
</script></body></html>`;
}

/** The bare page's Next: click → the element's \`playing\` and → its first loud sample out. */
async function bareNextToSound(
  browser: Browser,
  url: string,
  first: string,
  next: string,
): Promise<NextFigures> {
  const context = await tapContext(browser, url, null);
  try {
    await context.route(`**${REFERENCE_PATH}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: referencePage(first, next) }),
    );
    const page = await context.newPage();
    await page.goto(REFERENCE_PATH, { waitUntil: 'networkidle' });
    await page.waitForFunction(() =>
      (window as unknown as { referenceReady(): boolean }).referenceReady(),
    );
    await page.getByRole('button', { name: 'Next' }).click();
    return await soundAfterClick(page);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};
const ms = (value: number, digits = 0) =>
  Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a';
const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

type Breaks = Awaited<ReturnType<typeof gapOf>>;

function printGaps(gaps: Map<ToneFormat, Breaks[]>): void {
  console.log(
    '| format | longest silence at a join (median / worst) | steepest step, share of the peak (median / worst) | joins heard through the graph (fewest) |',
  );
  console.log('| --- | --- | --- | --- |');
  for (const [format, rounds] of gaps) {
    const silences = rounds.map((round) => round.longestSilenceMs);
    const steps = rounds.map((round) => round.largestStep * 100);
    const joins = Math.min(...rounds.map((round) => round.joinsHeard));
    console.log(
      `| ${FORMAT_NAMES[format]} | ${ms(median(silences), 2)} / ${ms(Math.max(...silences), 2)} | ${median(steps).toFixed(1)} % / ${Math.max(...steps).toFixed(1)} % | ${joins} of ${TONE_TRACKS - 1} |`,
    );
  }
  const worst = Math.max(...[...gaps.values()].flat().map((round) => round.longestSilenceMs));
  console.log('');
  console.log(
    `Gap: longest silence at a join ${ms(worst, 2)}; target ≤ ${GAP_TARGET_MS} ms: ${worst <= GAP_TARGET_MS ? 'met' : 'NOT met'}`,
  );
}

function printNext(cadenza: NextFigures[], bare: NextFigures[]): void {
  const out = (list: NextFigures[]) => list.map((round) => round.sound);
  // The moment the sample left the page's graph: what the page itself took, before the output
  // device's buffer (the same for both pages).
  const rendered = (list: NextFigures[]) => list.map((round) => round.sound - round.latency);
  const cell = (values: number[]) => `${ms(median(values))} / ${ms(Math.max(...values))}`;
  console.log(
    '| page | click → first loud sample rendered (median / worst) | click → that sample at the output (median / worst) | output latency | click → `playing` |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  console.log(
    `| Cadenza, next track decoded | ${cell(rendered(cadenza))} | ${cell(out(cadenza))} | ${ms(median(cadenza.map((round) => round.latency)))} | — |`,
  );
  console.log(
    `| bare <audio>, next file loaded | ${cell(rendered(bare))} | ${cell(out(bare))} | ${ms(median(bare.map((round) => round.latency)))} | ${ms(median(bare.map((round) => round.playing ?? NaN)))} |`,
  );
  const page = median(rendered(cadenza));
  console.log('');
  console.log(
    `Next → sound: Cadenza ${ms(page)} to the rendered sample (${ms(median(out(cadenza)))} to the output), ratio to the bare page ${(median(out(cadenza)) / median(out(bare))).toFixed(2)} at the output; target ≤ ${NEXT_TARGET_MS} ms: ${page <= NEXT_TARGET_MS ? 'met' : 'NOT met'}`,
  );
}

async function main(): Promise<void> {
  const { rounds, gap, next } = readOptions();
  assertBrowserBenchReady();
  const loadStart = loadAverage();
  const musicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-player-bench-'));
  const albums = new Map(FORMATS.map((format) => [writeToneAlbum(musicDir, format), format]));
  const server = await startDemoServer({
    name: 'player',
    admin: ADMIN,
    env: { MUSIC_DIR: musicDir },
  });
  const browser = await launchSoundBrowser();
  try {
    const signedUp: { token: unknown; user: unknown } = await signUpListener(server.url, LISTENER);
    const session: Session = { token: String(signedUp.token), user: signedUp.user };
    const songs = await toneSongs(server.url, session.token, new Set(albums.keys()));
    const albumIdOf = (album: string) => {
      const albumId = songs.find((song) => song.album === album)?.albumId;
      if (!albumId) throw new BenchError(`no album id for ${album}`);
      return albumId;
    };
    const nextAlbum = songs.filter((song) => song.album === NEXT_ALBUM);
    const byTrack = (track: number) => {
      const song = nextAlbum.find((candidate) => candidate.trackNumber === track);
      if (!song) throw new BenchError(`no track ${track} in ${NEXT_ALBUM}`);
      return song;
    };
    const gaps = new Map<ToneFormat, Breaks[]>(FORMATS.map((format) => [format, []]));
    const cadenza: NextFigures[] = [];
    const bare: NextFigures[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const line: string[] = [];
      for (const [album, format] of gap ? albums : []) {
        const breaks = await inFreshPage(browser, server.url, session, (page) =>
          gapOf(page, albumIdOf(album)),
        );
        gaps.get(format)!.push(breaks);
        line.push(
          `${format} ${ms(breaks.longestSilenceMs, 2)} ${(breaks.largestStep * 100).toFixed(1)} % (${breaks.joinsHeard} joins)`,
        );
      }
      if (!next) {
        console.log(`round ${round + 1}: gap ${line.join(', ')}`);
        continue;
      }
      // Alternating the order spreads any drift in the machine's load over both.
      const bareRound = () =>
        bareNextToSound(browser, server.url, byTrack(1).audioFile, byTrack(2).audioFile);
      if (round % 2 === 1) bare.push(await bareRound());
      cadenza.push(
        await inFreshPage(browser, server.url, session, (page) =>
          nextToSound(page, byTrack(1).albumId!, byTrack(2).audioFile),
        ),
      );
      if (round % 2 === 0) bare.push(await bareRound());
      console.log(
        `round ${round + 1}: ${gap ? `gap ${line.join(', ')}; ` : ''}Next → sound at the output ${ms(cadenza.at(-1)!.sound)}, bare ${ms(bare.at(-1)!.sound)}`,
      );
    }
    console.log('');
    console.log(`rounds: ${rounds}, nproc: ${os.cpus().length}`);
    console.log(`load average at start: ${loadStart}`);
    console.log(`load average at end:   ${loadAverage()}`);
    console.log('');
    if (gap) printGaps(gaps);
    if (gap && next) console.log('');
    if (next) printNext(cadenza, bare);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(musicDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `player bench: ${error.message}` : error);
  process.exit(1);
});
