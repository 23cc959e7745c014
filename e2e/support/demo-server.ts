import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export interface DemoServer {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * A server with the demo library and a browser, started before a file's journeys and stopped
 * after them; read its fields inside the journeys (they are set once the file has started).
 */
export function useDemoServer(): DemoServer {
  const started: { server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    started.server = await startServer({ DEMO_LIBRARY: 'true' });
    started.browser = await launchBrowser();
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });
  return {
    get server() {
      if (!started.server) throw new Error('The demo server has not started yet.');
      return started.server;
    },
    get browser() {
      if (!started.browser) throw new Error('The browser has not started yet.');
      return started.browser;
    },
  };
}
