// Click to sound: from a click on a song card's play button to the audio element's `playing`
// event with its currentTime advancing, in Cadenza (a signed-in listener's dashboard) against a
// bare page on the same origin whose button sets an <audio> element's src to the same file and
// calls play(). Each round opens fresh browser contexts (cold HTTP cache) for both, alternating
// which goes first. Prints the median and p90 of each, when the audio request started, and the
// ratio of the medians. Target: ratio <= 1.3.
//
// Usage: npm run build && node bench/click-to-sound.mjs [--rounds 20]
// Needs Debian's Chromium (apt-get install -y chromium, or CHROMIUM_PATH); it downloads none.
/* global window, HTMLMediaElement, requestAnimationFrame -- the probe runs in the page */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import {
  assertBrowserBenchReady,
  BenchError,
  CHROMIUM_PATH,
  SESSION_STORAGE_KEYS,
  signUpListener,
  startDemoServer,
} from './support/demo-server.mjs';

const ROUND_TIMEOUT_MS = 20_000;
const TARGET_RATIO = 1.3;
const LISTENER = {
  name: 'Bench Listener',
  email: 'listener@cadenza.local',
  password: 'click-bench-1',
};
const ADMIN = { email: 'bench@cadenza.local', password: 'click-bench-admin-1' };
/** A path the app does not use: the bench answers it with the reference page itself. */
const REFERENCE_PATH = '/__click-to-sound-reference';

function readOptions() {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 200) {
    throw new BenchError('--rounds must be a whole number from 1 to 200');
  }
  return { rounds };
}

/** The listener's songs as the API lists them (with signed audio URLs). */
async function listenerSongs(url, token) {
  const res = await fetch(`${url}/api/user/songs?limit=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new BenchError(`could not list the songs: ${res.status}`);
  return (await res.json()).data;
}

/** The page under test: one button, one <audio>, the handler a bare page would have. */
function referencePage(audioUrl) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reference</title></head>
<body><button id="play" type="button">Play</button><audio id="audio"></audio>
<script>
  const audio = document.getElementById('audio');
  document.getElementById('play').addEventListener('click', () => {
    audio.src = ${JSON.stringify(audioUrl)};
    audio.play();
  });
</script></body></html>`;
}

/**
 * @typedef {{ click: number | null, handled: number | null, loadstart: number | null,
 *   playing: number | null, advancing: number | null, audioSrc: string | null,
 *   tasks: [number, number][] }} Probe
 * @typedef {Window & { __clickToSound?: Probe }} ProbedWindow
 */

/**
 * Installed before any page script: notes the click's time, the first media element's `playing`
 * event and the first time its currentTime is past zero while playing (all on the page's clock).
 */
function installProbe() {
  /** @type {Probe} */
  const probe = {
    click: null,
    handled: null,
    loadstart: null,
    playing: null,
    advancing: null,
    audioSrc: null,
    tasks: [],
  };
  /** @type {ProbedWindow} */ (window).__clickToSound = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  window.addEventListener(
    'click',
    (event) => {
      if (probe.click !== null) return;
      probe.click = event.timeStamp;
      probe.handled = performance.now();
    },
    true,
  );
  window.addEventListener(
    'loadstart',
    (event) => {
      if (probe.loadstart === null && event.target instanceof HTMLMediaElement) {
        probe.loadstart = performance.now();
      }
    },
    true,
  );
  window.addEventListener(
    'playing',
    (event) => {
      if (probe.playing !== null || !(event.target instanceof HTMLMediaElement)) return;
      probe.playing = performance.now();
      const media = event.target;
      probe.audioSrc = media.currentSrc;
      const watch = () => {
        if (!media.paused && media.currentTime > 0) probe.advancing = performance.now();
        else requestAnimationFrame(watch);
      };
      watch();
      media.addEventListener(
        'timeupdate',
        () => {
          if (probe.advancing === null && media.currentTime > 0)
            probe.advancing = performance.now();
        },
        { once: false },
      );
    },
    true,
  );
}

/** Waits for the probe to see sound, then answers its figures in ms after the click. */
async function readProbe(page) {
  await page.waitForFunction(
    () => /** @type {ProbedWindow} */ (window).__clickToSound?.advancing !== null,
    undefined,
    {
      timeout: ROUND_TIMEOUT_MS,
    },
  );
  return page.evaluate(() => {
    // The figures as the page left them (untyped: those not reached are still null).
    const probe = /** @type {any} */ (/** @type {ProbedWindow} */ (window).__clickToSound);
    const src = probe.audioSrc;
    const path = new URL(src).pathname;
    const request = performance
      .getEntriesByType('resource')
      .find((entry) => new URL(entry.name).pathname === path && entry.startTime >= probe.click);
    return {
      handled: probe.handled - probe.click,
      tasks: probe.tasks
        .filter(([start]) => start + 1 >= probe.click - 300 && start <= probe.playing)
        .map(([start, duration]) => `${(start - probe.click).toFixed(0)}+${duration.toFixed(0)}`)
        .join(' '),
      loadstart: probe.loadstart - probe.click,
      playing: probe.playing - probe.click,
      advancing: probe.advancing - probe.click,
      request: request ? request.startTime - probe.click : NaN,
    };
  });
}

async function newContext(browser, url, session) {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 1440, height: 900 },
  });
  await context.addInitScript(
    ({ keys, value }) => {
      if (value && !localStorage.getItem(keys.token)) {
        localStorage.setItem(keys.token, value.token);
        localStorage.setItem(keys.user, JSON.stringify(value.user));
      }
    },
    { keys: SESSION_STORAGE_KEYS, value: session },
  );
  await context.addInitScript(installProbe);
  return context;
}

/** One Cadenza round: the dashboard, settled, then a click on the song card's play button. */
async function cadenzaRound(browser, url, session, title) {
  const context = await newContext(browser, url, session);
  try {
    const page = await context.newPage();
    await page.goto('/user/dashboard', { waitUntil: 'networkidle' });
    const button = page
      .getByRole('article', { name: title, exact: true })
      .first()
      .getByRole('button', { name: `Play ${title}`, exact: true });
    await button.waitFor({ state: 'attached', timeout: ROUND_TIMEOUT_MS });
    await button.hover();
    await button.click();
    return await readProbe(page);
  } finally {
    await context.close();
  }
}

/** One reference round: the bare page, then a click on its button. */
async function referenceRound(browser, url, audioUrl) {
  const context = await newContext(browser, url, null);
  try {
    await context.route(`**${REFERENCE_PATH}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: referencePage(audioUrl) }),
    );
    const page = await context.newPage();
    await page.goto(REFERENCE_PATH, { waitUntil: 'networkidle' });
    const button = page.getByRole('button', { name: 'Play' });
    await button.hover();
    await button.click();
    return await readProbe(page);
  } finally {
    await context.close();
  }
}

function quantile(values, q) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'n/a');

function summary(label, rounds) {
  const pick = (key) => rounds.map((round) => round[key]);
  return {
    label,
    playing: { median: quantile(pick('playing'), 0.5), p90: quantile(pick('playing'), 0.9) },
    advancing: { median: quantile(pick('advancing'), 0.5), p90: quantile(pick('advancing'), 0.9) },
    request: { median: quantile(pick('request'), 0.5), p90: quantile(pick('request'), 0.9) },
  };
}

async function main() {
  const { rounds } = readOptions();
  assertBrowserBenchReady();
  const loadStart = fs.readFileSync('/proc/loadavg', 'utf8').trim();
  const server = await startDemoServer({ name: 'click-to-sound', admin: ADMIN });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const session = await signUpListener(server.url, LISTENER);
    const songs = await listenerSongs(server.url, session.token);
    const song = songs[0];
    if (!song) throw new BenchError('the demo library has no songs');
    const title = song.title.trim() || 'Unknown Title';
    console.log(`Song: "${title}" (${song.audioFile.split('?')[0]})`);
    const cadenza = [];
    const reference = [];
    for (let round = 0; round < rounds; round += 1) {
      // Alternating the order spreads any drift in the machine's load over both.
      const first = round % 2 === 0;
      if (first) reference.push(await referenceRound(browser, server.url, song.audioFile));
      cadenza.push(await cadenzaRound(browser, server.url, session, title));
      if (!first) reference.push(await referenceRound(browser, server.url, song.audioFile));
      const last = (list) => list[list.length - 1];
      console.log(
        `round ${round + 1}: cadenza ${ms(last(cadenza).playing)} (handled ${ms(last(cadenza).handled)}, loadstart ${ms(last(cadenza).loadstart)}, long tasks ${last(cadenza).tasks}, request ${ms(last(cadenza).request)}), ` +
          `reference ${ms(last(reference).playing)} (request ${ms(last(reference).request)})`,
      );
    }
    const rows = [summary('Cadenza', cadenza), summary('bare <audio>', reference)];
    console.log('');
    console.log(`rounds: ${rounds}, nproc: ${os.cpus().length}`);
    console.log(`load average at start: ${loadStart}`);
    console.log(`load average at end:   ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
    console.log('');
    console.log(
      '| page | click → playing (median / p90) | click → currentTime > 0 (median / p90) | click → audio request (median / p90) |',
    );
    console.log('| --- | --- | --- | --- |');
    for (const row of rows) {
      const cell = (figure) => `${ms(figure.median)} / ${ms(figure.p90)}`;
      console.log(
        `| ${row.label} | ${cell(row.playing)} | ${cell(row.advancing)} | ${cell(row.request)} |`,
      );
    }
    const ratio = rows[0].playing.median / rows[1].playing.median;
    const ratioP90 = rows[0].playing.p90 / rows[1].playing.p90;
    console.log('');
    console.log(
      `ratio (Cadenza / bare, click → playing): median ${ratio.toFixed(2)}, p90 ${ratioP90.toFixed(2)}; ` +
        `target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exitCode = 1;
});
