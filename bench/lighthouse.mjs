// Lighthouse benchmark: the mobile preset (throttled 4G, a mid-range phone's CPU) on the landing
// page, /login, and the listener's /discover and /user/dashboard, against the production build
// served by the real server with a fresh SQLite database and the demo library. Prints one row per
// page: the performance, accessibility and best-practices scores, CLS, LCP, TBT and the
// JavaScript transferred. Targets: performance >= 90, accessibility 100, best practices 100,
// CLS < 0.05.
//
// Usage: npm run build && node bench/lighthouse.mjs [--runs 1] [--page / --page /login]
//   [--save-reports DIR] (each run's full report as JSON, to read the audits behind a score)
// Needs Debian's Chromium (apt-get install -y chromium, or CHROMIUM_PATH); it downloads none.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { root } from '../scripts/lib.mjs';
import {
  assertBrowserBenchReady,
  BenchError,
  CHROMIUM_PATH,
  HOST,
  SESSION_STORAGE_KEYS,
  signUpListener,
  startDemoServer,
} from './support/demo-server.mjs';

const LISTENER = {
  name: 'Bench Listener',
  email: 'listener@cadenza.local',
  password: 'lighthouse-bench-1',
};
const ADMIN = { email: 'bench@cadenza.local', password: 'lighthouse-bench-admin-1' };

const PAGES = [
  { path: '/', listener: false },
  { path: '/login', listener: false },
  { path: '/discover', listener: true },
  { path: '/user/dashboard', listener: true },
];

function readOptions() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1' },
      page: { type: 'string', multiple: true },
      'save-reports': { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 10) {
    throw new BenchError('--runs must be a whole number from 1 to 10');
  }
  const pages = values.page ? PAGES.filter((page) => values.page?.includes(page.path)) : PAGES;
  if (pages.length === 0) {
    throw new BenchError(`--page must be one of ${PAGES.map((page) => page.path).join(', ')}`);
  }
  return { runs, pages, reportDir: values['save-reports'] };
}

/**
 * Empties the browser's cache (every page is measured cold) and stores, or clears, the
 * remembered session, as the app does after a login.
 */
async function setSession(browserUrl, siteUrl, session) {
  const browser = await puppeteer.connect({ browserURL: browserUrl });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await page.goto(`${siteUrl}/robots.txt`);
    await page.evaluate(
      (keys, value) => {
        localStorage.clear();
        sessionStorage.clear();
        if (value) {
          localStorage.setItem(keys.token, value.token);
          localStorage.setItem(keys.user, JSON.stringify(value.user));
        }
      },
      SESSION_STORAGE_KEYS,
      session,
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** The median of the runs that measured something (a failed run's figures are NaN). */
const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)];
};

function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const failing = Object.values(lhr.audits)
    .filter((item) => item.score !== null && item.score < 1 && item.scoreDisplayMode === 'binary')
    .map((item) => item.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    cls: audit('cumulative-layout-shift'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    jsKb: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    failing,
  };
}

function printTable(rows) {
  const header = ['page', 'perf', 'a11y', 'best pr.', 'CLS', 'LCP', 'TBT', 'JS transferred'];
  const lines = rows.map((row) => [
    row.path,
    String(row.performance),
    String(row.accessibility),
    String(row.bestPractices),
    row.cls.toFixed(3),
    `${(row.lcpMs / 1000).toFixed(2)} s`,
    `${Math.round(row.tbtMs)} ms`,
    `${row.jsKb.toFixed(1)} KB`,
  ]);
  const widths = header.map((title, index) =>
    Math.max(title.length, ...lines.map((line) => line[index].length)),
  );
  const format = (cells) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index])).join(' | ')} |`;
  console.info(format(header));
  console.info(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) console.info(format(line));
  for (const row of rows) {
    if (row.failing.length > 0)
      console.info(`${row.path}: failing audits: ${row.failing.join(', ')}`);
  }
}

async function main() {
  const { runs, pages, reportDir } = readOptions();
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
  assertBrowserBenchReady();
  const server = await startDemoServer({ name: 'lighthouse', admin: ADMIN });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const session = await signUpListener(server.url, LISTENER);
    const browserUrl = `http://${HOST}:${chrome.port}`;
    const rows = [];
    for (const page of pages) {
      const results = [];
      for (let run = 0; run < runs; run += 1) {
        await setSession(browserUrl, server.url, page.listener ? session : null);
        const result = await lighthouse(`${server.url}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          // The listener's session stays in localStorage (setSession emptied the cache).
          disableStorageReset: true,
        });
        if (!result) throw new BenchError(`Lighthouse gave no result for ${page.path}`);
        if (result.lhr.finalDisplayedUrl !== `${server.url}${page.path}`) {
          throw new BenchError(`${page.path} ended on ${result.lhr.finalDisplayedUrl}`);
        }
        // Lighthouse answers a run it could not finish (e.g. no paint within its time limit on a
        // busy machine) with a runtime error and null scores: say so rather than print NaN.
        if (result.lhr.runtimeError) {
          const { code, message } = result.lhr.runtimeError;
          console.warn(`${page.path}, run ${run + 1}: ${code}: ${message}`);
        }
        if (reportDir) {
          const name = `${page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}-${run + 1}.json`;
          fs.writeFileSync(path.join(reportDir, name), JSON.stringify(result.lhr));
        }
        results.push(figuresOf(result.lhr));
      }
      const pick = (key) => median(results.map((result) => result[key]));
      rows.push({
        path: page.path,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        cls: pick('cls'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        jsKb: pick('jsKb'),
        failing: [...new Set(results.flatMap((result) => result.failing))],
      });
    }
    console.info(`Lighthouse ${lighthouseVersion()}, mobile preset, median of ${runs} run(s):`);
    printTable(rows);
  } finally {
    await chrome.kill();
    await server.stop();
  }
}

function lighthouseVersion() {
  const file = path.join(root, 'node_modules/lighthouse/package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

main().catch((error) => {
  console.error(error instanceof BenchError ? `lighthouse bench: ${error.message}` : error);
  process.exit(1);
});
