import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Invalid } from '../errors';

export const NUL_MESSAGE = 'Text must not contain NUL characters.';

/**
 * Where a NUL character hides in parsed input (a string, or any key or string inside an object or
 * array), as a dotted path from `root`; null when there is none. Walks iteratively, so a deeply
 * nested body cannot exhaust the stack.
 */
export function findNul(input: unknown, root: string): string | null {
  const pending: Array<[value: unknown, path: string]> = [[input, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return path;
        pending.push([item, `${path}.${key}`]);
      }
    }
  }
  return null;
}

/**
 * Refuses NUL characters anywhere in a request's path parameters, query string and JSON body with
 * 400, before any route sees them: no field of the API takes one, and PostgreSQL cannot hold one
 * in text (a query carrying it fails), so it is bad input, never a server error.
 */
export const inputTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const field =
      findNul(request.params, 'params') ??
      findNul(request.query, 'query') ??
      findNul(request.body, 'body');
    if (field)
      throw new Invalid(NUL_MESSAGE, [{ field, code: 'nul_character', message: NUL_MESSAGE }]);
  });
});
