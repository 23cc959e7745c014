import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Invalid } from '../errors';

export const NUL_MESSAGE = 'Text must not contain NUL characters.';

/**
 * Where a NUL character hides in the names of parsed input (any key of an object or array, however
 * deep), as a dotted path from `root`; null when there is none. Values are the schemas' business
 * (`text()` in the contract answers with the field's own message); names are not declared anywhere,
 * so they are checked here. Walks iteratively, so a deeply nested body cannot exhaust the stack.
 */
export function findNulName(input: unknown, root: string): string | null {
  const pending: Array<[value: unknown, path: string]> = [[input, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (value === null || typeof value !== 'object') continue;
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path;
      pending.push([item, `${path}.${key}`]);
    }
  }
  return null;
}

/**
 * Refuses NUL characters in the names of a request's query parameters and JSON body with 400,
 * before any route sees them: PostgreSQL cannot hold one in text, and no name of the API has one.
 */
export const inputTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const field = findNulName(request.query, 'query') ?? findNulName(request.body, 'body');
    if (field) {
      throw new Invalid(NUL_MESSAGE, [{ field, code: 'nul_character', message: NUL_MESSAGE }]);
    }
  });
});
