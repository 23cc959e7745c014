// Renders the landing page at build time (apps/web/src/app/prerender): the page a visitor without
// a session first sees, written into a copy of the app's index.html per path, so that it paints
// from HTML and CSS alone and the app then takes that markup over. The server sends these files
// for their paths (apps/server/src/plugins/prerendered-pages.ts); every other path keeps the empty
// shell.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin, root, runOrExit } from './lib.mjs';

const WEB = path.join(root, 'apps/web');
const DIST = path.join(WEB, 'dist');
/** Beside the web app's node_modules, where the rendering module's imports resolve; removed after. */
const RENDERER_DIR = path.join(WEB, 'node_modules/.cache/cadenza-prerender');
const LANDING_CHUNK = 'src/features/landing/landing-page.tsx';

/** Path, output file (under dist/) and the route's chunk in vite's manifest. */
export const PRERENDERED_PAGES = [
  { pathname: '/', file: 'prerendered/index.html', chunk: LANDING_CHUNK },
  { pathname: '/home', file: 'prerendered/home.html', chunk: LANDING_CHUNK },
];

const TITLE = /<title>[^<]*<\/title>/;

/** The chunk's stylesheets and the scripts it needs, following its static imports. */
function chunkAssets(manifest, key) {
  const css = new Set();
  const scripts = new Set();
  const visit = (name) => {
    const chunk = manifest[name];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { css: [...css], scripts: [...scripts] };
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/[^"]+\.js)"><\/script>/;

/**
 * Fetches and starts the app once the page has painted (a task after the first frame): the page
 * paints from its HTML alone, and scripts fetched before would run, or hold the paint back, first.
 * The modules the entry and the route need are preloaded together, so none waits for another.
 * The URLs are in the script, so the server hashes it with the page.
 */
function startAfterFirstPaint(entry, modules) {
  const start = `function(){${JSON.stringify(modules)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l)});var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(entry)};document.head.append(s)}`;
  // A hidden tab paints no frames: there the app starts at once.
  return `(function(start){if(document.visibilityState==="hidden")start();else requestAnimationFrame(function(){setTimeout(start)})})(${start})`;
}

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/[^"]+)">\s*/g;

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * The shell with the page's markup in #root and what it needs to paint in the head. Its
 * stylesheets come inline (a few KB): a stylesheet to download would hold the first paint back
 * behind the scripts sharing the connection. `readAsset` reads a file of the build by its path.
 */
export function composePage(shell, { markup, assets, gates, readAsset }) {
  const inlineStyle = (file) => `<style>${readAsset(file)}</style>`;
  const missing = (file) => !shell.includes(`/${file}"`);
  const head = assets.css.filter(missing).map(inlineStyle).join('\n    ');
  const rootElement = '<div id="root"></div>';
  if (!shell.includes(rootElement) || !shell.includes('</head>') || !TITLE.test(shell)) {
    throw new Error('index.html has no empty #root, no </head> or no <title>');
  }
  // React writes the page's <title> first in its markup; it belongs in the head, instead of the
  // shell's (the app keeps it there once it runs).
  const title = markup.match(TITLE)?.[0];
  const entry = shell.match(ENTRY_SCRIPT)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const shellModules = [...shell.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  const routeModules = assets.scripts.filter(missing).map((file) => `/${file}`);
  const scripts = [...gates, startAfterFirstPaint(entry, [...shellModules, ...routeModules])];
  return shell
    .replace(TITLE, (shellTitle) => title ?? shellTitle)
    .replace(STYLESHEET_LINK, (_link, file) => inlineStyle(file))
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, '')
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace(
      rootElement,
      () =>
        `<div id="root">${markup.replace(TITLE, '')}</div>${scripts.map((script) => `<script>${script}</script>`).join('')}`,
    );
}

export async function prerender() {
  fs.rmSync(RENDERER_DIR, { recursive: true, force: true });
  await runOrExit(
    bin('vite'),
    [
      'build',
      '--ssr',
      'src/app/prerender/prerender-page.tsx',
      '--outDir',
      RENDERER_DIR,
      '--logLevel',
      'warn',
    ],
    { cwd: WEB },
  );
  try {
    const renderer = await import(pathToFileURL(path.join(RENDERER_DIR, 'prerender-page.js')).href);
    const shell = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
    for (const page of PRERENDERED_PAGES) {
      const html = composePage(shell, {
        markup: await renderer.prerenderPage(page.pathname),
        assets: chunkAssets(manifest, page.chunk),
        gates: [renderer.THEME_GATE_SCRIPT, renderer.SESSION_GATE_SCRIPT],
        readAsset: (file) => fs.readFileSync(path.join(DIST, file), 'utf8'),
      });
      const target = path.join(DIST, page.file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, html);
    }
  } finally {
    fs.rmSync(RENDERER_DIR, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await prerender();
}
