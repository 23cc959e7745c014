import { delay, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { handlers } from './handlers';
import { failure, on, type Route, type RouteResolver } from './routes';

/**
 * The fake API every web test talks to (fetch and XMLHttpRequest alike): `handlers` over the
 * in-memory `store`. Started, reset and stopped in test/setup.ts.
 */
export const server = setupServer(...handlers);

/** From now on in this test, `route` answers with `resolver` instead of the store. */
export function answer(route: Route, resolver: RouteResolver): void {
  server.use(on(route, resolver));
}

/**
 * From now on in this test, `route` fails with `status`: with the API's envelope and `message`
 * when one is given, with no body at all otherwise (a proxy's or a crashed server's answer).
 */
export function failRoute(route: Route, status: number, message?: string): void {
  answer(route, () =>
    message === undefined ? new HttpResponse(null, { status }) : failure(status, message),
  );
}

/** From now on in this test, `route` cannot be reached (the browser's "Failed to fetch"). */
export function breakRoute(route: Route): void {
  answer(route, () => HttpResponse.error());
}

/** From now on in this test, calls to `route` never get an answer (to see pending states). */
export function stallRoute(route: Route): void {
  answer(route, async () => {
    await delay('infinite');
    return HttpResponse.error();
  });
}

/** From now on in this test, no call to the API gets an answer. */
export function stallAllRoutes(): void {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) stallRoute(`${method} /api/*`);
}

/**
 * Calls to `route` wait until `release()`, then the store answers them as usual: to see what a
 * screen shows while a call is on its way.
 */
export function holdRoute(route: Route): { release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  answer(route, async () => {
    await released;
    // Nothing returned: MSW hands the request to the next handler, the store's.
    return undefined;
  });
  return { release };
}
