/**
 * Cadenza's service worker: keeps the app's own files so that it opens without a connection,
 * and lets a new version wait until the listener chooses to load it (docs/decisions/110).
 * `build/service-worker-plugin.ts` compiles it once per build, with that build's file list.
 */
import type { BuildAnswer, PageMessage } from '../src/lib/app-update/worker-messages';
import { handlingOf, SERVER_ONLY_PREFIXES } from './app-requests';

declare const self: ServiceWorkerGlobalScope;
/** Written in by the build: its identity and the files to keep (the shell first). */
declare const __CADENZA_BUILD__: { build: string; shell: string; files: string[] };

const { build, shell, files } = __CADENZA_BUILD__;
const CACHE_PREFIX = 'cadenza-app-';
const cacheName = `${CACHE_PREFIX}${build}`;
const buildFiles = new Set(files);
/**
 * Earlier builds whose files stay kept: pages opened on them still load their screens. Two, not
 * one, since a build may have installed and been passed over before this one.
 */
const EARLIER_BUILDS_KEPT = 2;

/** Chromium's static routing (2024): requests the worker is not even woken for. */
interface InstallEventWithRoutes extends ExtendableEvent {
  addRoutes?: (rules: { condition: { urlPattern: string }; source: 'network' }[]) => Promise<void>;
}

/**
 * The API, media and `/rest` go straight to the network, without starting the worker for each
 * request (a cover grid, a song's ranges); where the browser lacks this, the fetch handler lets
 * them pass.
 */
function routeAroundTheWorker(event: InstallEventWithRoutes): Promise<void> {
  const rules = SERVER_ONLY_PREFIXES.map((prefix) => ({
    condition: { urlPattern: `${prefix}*` },
    source: 'network' as const,
  }));
  return event.addRoutes?.(rules).catch(() => undefined) ?? Promise.resolve();
}

self.addEventListener('install', (event) => {
  event.waitUntil(routeAroundTheWorker(event));
  event.waitUntil(
    caches.open(cacheName).then((cache) =>
      cache.addAll(
        // Unhashed files fresh from the server, not the HTTP cache: the shell must be this build's.
        files.map((file) =>
          file.startsWith('/assets/') ? file : new Request(file, { cache: 'no-cache' }),
        ),
      ),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Oldest first: the list keeps the order the caches were made in.
      const earlier = (await caches.keys()).filter(
        (name) => name.startsWith(CACHE_PREFIX) && name !== cacheName,
      );
      const dropped = earlier.slice(0, Math.max(0, earlier.length - EARLIER_BUILDS_KEPT));
      await Promise.all(dropped.map((name) => caches.delete(name)));
      // No clients.claim(): a page that was already loading keeps the network it started with
      // (taken over halfway, its covers and songs would be fetched a second time). Pages opened
      // from now on are served by this worker.
      await self.registration.navigationPreload?.enable();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data as PageMessage;
  if (message.type === 'skip-waiting') {
    void self.skipWaiting();
  } else if (message.type === 'which-build') {
    const answer: BuildAnswer = { build };
    event.ports[0]?.postMessage(answer);
  }
});

/** This build's copy first (unhashed files have the same name in every build), then any. */
async function keptCopy(request: Request): Promise<Response | undefined> {
  const own = await (await caches.open(cacheName)).match(request);
  return own ?? (await caches.match(request));
}

async function buildFile(request: Request): Promise<Response> {
  return (await keptCopy(request)) ?? fetch(request);
}

async function navigation(event: FetchEvent, fallBackToShell: boolean): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    return preloaded ?? (await fetch(event.request));
  } catch (error) {
    const kept = fallBackToShell ? await keptCopy(new Request(shell)) : undefined;
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const handling = handlingOf(
    { method: request.method, mode: request.mode, url: new URL(request.url) },
    self.location.origin,
    buildFiles,
  );
  if (handling === 'page') event.respondWith(navigation(event, true));
  else if (handling === 'network-navigation') event.respondWith(navigation(event, false));
  else if (handling === 'build-file') event.respondWith(buildFile(request));
});
