import {
  BUILD_META_NAME,
  type BuildAnswer,
  type PageMessage,
} from '@/lib/app-update/worker-messages';

/** How often an open page asks the server whether a new version is out. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** A page coming back into view asks again if it has not for this long. */
const RECHECK_ON_RETURN_MS = 10 * 60 * 1000;
/** A worker that does not answer which build it holds is taken for another one. */
const ANSWER_WITHIN_MS = 5000;

/** The build the open page comes from, named in its index.html; none on the dev server. */
export function pageBuild(): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_META_NAME}"]`)?.content;
}

function tell(worker: ServiceWorker, message: PageMessage, transfer: Transferable[] = []): void {
  worker.postMessage(message, transfer);
}

function buildOf(worker: ServiceWorker): Promise<string | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = window.setTimeout(() => resolve(undefined), ANSWER_WITHIN_MS);
    channel.port1.onmessage = (event: MessageEvent<BuildAnswer>) => {
      window.clearTimeout(timer);
      resolve(event.data.build);
    };
    tell(worker, { type: 'which-build' }, [channel.port2]);
  });
}

export interface AppUpdateOptions {
  container: ServiceWorkerContainer;
  build: string;
  /** A newer version is ready: `load` reloads the page into it. Called at most once. */
  onUpdateReady: (load: () => void) => void;
}

/**
 * Registers the service worker and watches for new versions (docs/decisions/110). A new worker
 * waits while pages of the old version are open; this page is told, and the listener chooses
 * when to load it. A page already of the new version (opened from the network since) lets it
 * take over at once, and every other open page is then told in turn. Returns the stop function.
 */
export function watchAppUpdates({ container, build, onUpdateReady }: AppUpdateOptions): () => void {
  let stopped = false;
  let told = false;
  let lastCheck = Date.now();
  let registration: ServiceWorkerRegistration | undefined;

  const announce = (load: () => void) => {
    if (stopped || told) return;
    told = true;
    onUpdateReady(load);
  };

  /** Lets a waiting worker take over, then reloads into its build. */
  const loadInto = (worker: ServiceWorker) => {
    // Another page may have let it take over meanwhile: then only this page is left to load.
    if (worker.state !== 'installed') {
      window.location.reload();
      return;
    }
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') window.location.reload();
    });
    tell(worker, { type: 'skip-waiting' });
  };

  const considerWaiting = async (worker: ServiceWorker) => {
    // The same build as this page: the first install, or this page came from the network after
    // the update. Nothing to load; the worker may take over at once.
    if ((await buildOf(worker)) === build) {
      tell(worker, { type: 'skip-waiting' });
      return;
    }
    announce(() => loadInto(worker));
  };

  /** Another page let a new worker take over: this one is left on its build until reloaded. */
  const onControllerChange = () => {
    const controller = container.controller;
    if (!controller) return;
    void buildOf(controller).then((held) => {
      if (held !== build) announce(() => window.location.reload());
    });
  };

  const watchInstalls = (found: ServiceWorkerRegistration) => {
    found.addEventListener('updatefound', () => {
      const installing = found.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') void considerWaiting(installing);
      });
    });
    if (found.waiting) void considerWaiting(found.waiting);
  };

  const check = () => {
    lastCheck = Date.now();
    registration?.update().catch(() => undefined);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > RECHECK_ON_RETURN_MS) {
      check();
    }
  };

  container.addEventListener('controllerchange', onControllerChange);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(check, CHECK_EVERY_MS);
  container
    .register('/sw.js', { scope: '/', updateViaCache: 'none' })
    .then((found) => {
      registration = found;
      if (!stopped) watchInstalls(found);
    })
    .catch((error: unknown) => console.debug('The service worker did not register', error));

  return () => {
    stopped = true;
    container.removeEventListener('controllerchange', onControllerChange);
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(timer);
  };
}
