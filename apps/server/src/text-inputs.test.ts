import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlaylist, createSong } from '../test/factories';
import { multipartBody } from '../test/multipart';
import {
  documentedOperations,
  encodeComponent,
  fillPath,
  stringLeaves,
  type Operation,
} from '../test/openapi-inputs';
import { createTestApp } from '../test/test-app';

/**
 * PostgreSQL cannot store a NUL character in text, SQLite can: so that both databases answer
 * alike, every text input of every documented route (path, query, JSON body and form fields)
 * refuses NUL with a 400 that names the field. An administrator calls, so that every route
 * reaches its validation.
 */
const t = await createTestApp({ env: { ENABLE_SEED_USERS: 'true' } });
afterAll(() => t.close());
const admin = await createAdmin(t);
const operations = await documentedOperations(t.app);

const NUL_TEXT = 'a\u0000b';
/** A well-formed id that names nothing, for the path parameters not under test. */
const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';
/** Edits of a missing row answer 404 before reading the form, so their forms edit real rows. */
const EXISTING_IDS: Record<string, string> = {
  'PUT /api/admin/songs/{id}': (await createSong(t)).id,
  'PUT /api/admin/albums/{id}': (await createSong(t)).album_id ?? '',
  'PUT /api/admin/playlists/{id}': await createPlaylist(t, admin, { isDefault: true }),
  'PATCH /api/user/playlists/{id}': await createPlaylist(t, admin),
};

interface Case {
  readonly where: string;
  readonly field: string;
  readonly request: InjectOptions;
}

function casesOf(operation: Operation): Case[] {
  const pathWith = (name?: string) =>
    fillPath(
      operation,
      Object.fromEntries(
        operation.pathParams.map((param) => [
          param.name,
          encodeComponent(
            param.name === name ? NUL_TEXT : (EXISTING_IDS[operation.key] ?? UNKNOWN_ID),
          ),
        ]),
      ),
    );
  const base = { method: operation.method, headers: admin.headers };
  const cases: Case[] = [];
  for (const param of operation.pathParams) {
    cases.push({
      where: 'path',
      field: param.name,
      request: { ...base, url: pathWith(param.name) },
    });
  }
  for (const param of operation.query) {
    if (!stringLeaves(param.schema).length) continue;
    const url = `${pathWith()}?${param.name}=${encodeComponent(NUL_TEXT)}`;
    cases.push({ where: 'query', field: param.name, request: { ...base, url } });
  }
  for (const leaf of operation.body ? stringLeaves(operation.body) : []) {
    cases.push({
      where: 'JSON body',
      field: leaf.field,
      request: { ...base, url: pathWith(), payload: leaf.build(NUL_TEXT) as object },
    });
  }
  if (operation.multipart) {
    for (const name of Object.keys(operation.body?.properties ?? {})) {
      const { payload, headers } = multipartBody({ [name]: NUL_TEXT });
      cases.push({
        where: 'form',
        field: name,
        request: { ...base, url: pathWith(), payload, headers: { ...admin.headers, ...headers } },
      });
    }
  }
  return cases;
}

const withTextInputs = operations.filter((operation) => casesOf(operation).length > 0);

describe('NUL characters in text inputs', () => {
  it('finds the routes and their text inputs in the OpenAPI document', () => {
    expect(withTextInputs.length).toBeGreaterThan(20);
    expect(withTextInputs.map((operation) => operation.key)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'GET /api/user/songs/search',
        'PUT /api/user/playlists/{playlistId}/songs/{songId}',
        'POST /api/support/contact',
        'POST /api/chat',
        'GET /media/images/{*}',
      ]),
    );
  });

  it.each(withTextInputs.map((operation) => [operation.key, operation] as const))(
    '%s refuses them with 400 and a field message',
    async (_key, operation) => {
      for (const { where, field, request } of casesOf(operation)) {
        const res = await t.app.inject(request);
        const label = `${where} ${field}`;
        expect(res.statusCode, label).toBe(400);
        const body = res.json<{ success: boolean; errors?: Array<{ field: string }> }>();
        expect(body.success, label).toBe(false);
        const fields = body.errors?.map((error) => error.field) ?? [];
        // A list names the item: `songs.0`.
        const named = fields.some((name) => name === field || name.startsWith(`${field}.`));
        expect(named, `${label}: ${fields.join(', ')}`).toBe(true);
        expect(res.body, label).not.toContain('\\u0000');
      }
    },
  );
});
