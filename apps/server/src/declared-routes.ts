import type { Route, ResponseOf } from '@cadenza/contract/route';
import type { z } from 'zod';

/**
 * Where a route declared in packages/contract is registered, inside a plugin mounted at
 * `app.prefix` (docs/decisions/078-routes-declared-in-the-contract.md). The contract writes
 * parameters as Fastify does (`:id`), so the path is the declaration's less the prefix. A route
 * declared outside the plugin's prefix is a mistake of wiring and stops the start-up.
 */
export function declaredUrl(app: { readonly prefix: string }, route: Route): string {
  if (!route.path.startsWith(app.prefix)) {
    throw new Error(`${route.method} ${route.path} is declared outside ${app.prefix}`);
  }
  return route.path.slice(app.prefix.length) || '/';
}

/** The method and URL of a declared route, to spread into `app.route({ ... })`. */
export function declared<M extends Route['method']>(
  app: { readonly prefix: string },
  route: Route<M>,
): { method: M; url: string } {
  return { method: route.method, url: declaredUrl(app, route) };
}

/**
 * The schema of a declared route's success answer: what it outputs must be what the route
 * declares, so that a schema and a declaration that part fail the typecheck.
 */
export function declaredAnswer<R extends Route, S extends z.ZodType<ResponseOf<R>>>(
  _route: R,
  schema: S,
): S {
  return schema;
}
