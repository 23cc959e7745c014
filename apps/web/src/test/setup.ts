import '@/app/zod-config';
import '@testing-library/jest-dom/vitest';
import './jsdom-blob';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { useNetworkStatus } from '@/lib/network-status';
import { clearRequestLog } from './mock-api/routes';
import { server } from './mock-api/server';
import { resetStore } from './mock-api/store';

// findBy…/waitFor give up after 1 s by default: too short when several suites share the CPU.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  // A call no handler knows fails the test: the fake API must cover every call the app makes.
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(() => {
  // jsdom does not implement scrolling; ScrollRestoration calls it on every navigation.
  window.scrollTo = vi.fn();
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(async () => {
  cleanup();
  server.resetHandlers();
  resetStore();
  clearRequestLog();
  // A test that breaks a route leaves the next one online.
  useNetworkStatus.setState({ browserOnline: true, requestsFailing: false });
  localStorage.clear();
  sessionStorage.clear();
  await useAuthStore.getState().syncFromStorage();
});

afterAll(() => {
  server.close();
});
