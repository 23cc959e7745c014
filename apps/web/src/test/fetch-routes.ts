import type { PublicConfig } from '@cadenza/contract/public-config';
import { DEFAULT_PUBLIC_CONFIG } from '@/api/config/get-public-config';
import { jsonResponse, mockFetch } from './render-app';

type RouteHandler = (init: RequestInit) => Response | Promise<Response>;

/**
 * A fetch mock that answers by "METHOD /path" (the path after /api, without the query string);
 * anything else gets a 404. Returns the mock and a helper listing the calls made to one route.
 */
export function routeFetch(routes: Record<string, RouteHandler>) {
  const fetchMock = mockFetch((url, init) => {
    const path = url.replace(/^\/api/, '').split('?')[0];
    const handler = routes[`${init.method ?? 'GET'} ${path}`];
    return handler ? handler(init) : jsonResponse(404, { success: false, message: 'Not found' });
  });
  const callsTo = (route: string) =>
    fetchMock.mock.calls
      .filter(([input, init = {}]) => {
        const path = String(input)
          .replace(/^\/api/, '')
          .split('?')[0];
        return `${init.method ?? 'GET'} ${path}` === route;
      })
      .map(([, init = {}]) =>
        typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
      );
  return { fetchMock, callsTo };
}

export function configRoute(overrides: Partial<PublicConfig> = {}): RouteHandler {
  return () =>
    jsonResponse(200, { success: true, data: { ...DEFAULT_PUBLIC_CONFIG, ...overrides } });
}

/** A response the test releases when it wants, to observe pending states. */
export function deferredResponse() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
