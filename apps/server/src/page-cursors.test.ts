import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../test/factories';
import { documentedOperations, encodeComponent, fillPath } from '../test/openapi-inputs';
import { createTestApp } from '../test/test-app';

/**
 * A page cursor is opaque: the server only takes back the ones it wrote. Any other, however it is
 * malformed (a date PostgreSQL cannot read, a date that does not exist, text in place of an id, a
 * NUL character, not base64 or not JSON), is a 400 on every list, on either database.
 */
const t = await createTestApp();
afterAll(() => t.close());
const admin = await createAdmin(t);
const lists = (await documentedOperations(t.app)).filter(
  (operation) =>
    operation.method === 'GET' && operation.query.some((param) => param.name === 'cursor'),
);

const INVALID_CURSOR = 'Invalid cursor. Start again from the first page.';
const ID = '0190a0a0-0000-7000-8000-000000000000';

const cursorOf = (after: unknown) => Buffer.from(JSON.stringify({ after })).toString('base64url');
const base64 = (text: string) => Buffer.from(text).toString('base64url');

/** Positions no list ever writes; the playlist list's positions start with a section letter. */
const POSITIONS = [
  `+275760-09-13T00:00:00.000Z~${ID}`,
  `-000001-01-01T00:00:00.000Z~${ID}`,
  `0000-01-01T00:00:00.000Z~${ID}`,
  `1969-12-31T23:59:59.999Z~${ID}`,
  `2025-02-30T00:00:00.000Z~${ID}`,
  `2025-01-01T00:00:00Z~${ID}`,
  `2025-01-01~${ID}`,
  `infinity~${ID}`,
  `2025-01-01T00:00:00.000Z~a\u0000b`,
  `2025-01-01T00:00:00.000Z~'; DROP TABLE songs; --`,
  `2025-01-01T00:00:00.000Z~`,
  `2025-01-01T00:00:00.000Z`,
  `${ID}\u0000`,
  'a\u0000b',
  '\ud800',
];

const HOSTILE_CURSORS = [
  ...POSITIONS.flatMap((position) => ['', 'o', 'd'].map((section) => section + position)).map(
    cursorOf,
  ),
  cursorOf(5),
  cursorOf(null),
  cursorOf('x'.repeat(101)),
  base64('null'),
  base64('[]'),
  base64('{"after":'),
  'eyJ',
  '!!!',
  '~',
];

describe('page cursors the server did not write', () => {
  it('finds every paged list in the OpenAPI document', () => {
    expect(lists.map((operation) => operation.key)).toEqual(
      expect.arrayContaining([
        'GET /api/user/songs/',
        'GET /api/user/playlists/',
        'GET /api/admin/users',
        'GET /api/admin/messages',
        'GET /api/user/history/',
        'GET /api/user/history/unmatched',
      ]),
    );
  });

  it.each(lists.map((operation) => [operation.key, operation] as const))(
    '%s answers 400 for each',
    async (_key, operation) => {
      for (const cursor of HOSTILE_CURSORS) {
        const res = await t.app.inject({
          // A list under a row (a playlist's songs) reads the cursor before looking the row up.
          url: `${fillPath(operation, { id: ID })}?cursor=${encodeComponent(cursor)}`,
          headers: admin.headers,
        });
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json(), cursor).toEqual({
          success: false,
          code: 'invalid_cursor',
          message: INVALID_CURSOR,
          errors: [{ field: 'cursor', code: 'invalid_cursor', message: INVALID_CURSOR }],
        });
      }
    },
  );
});
