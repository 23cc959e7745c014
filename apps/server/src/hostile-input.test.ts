import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlaylist, createUser } from '../test/factories';
import { multipartBody } from '../test/multipart';
import {
  documentedOperations,
  encodeComponent,
  fillPath,
  type JsonSchema,
  type Operation,
  type Parameter,
} from '../test/openapi-inputs';
import { createSong } from '../test/songs';
import { createTestApp, TEST_JWT_SECRET } from '../test/test-app';
import { SESSION_SECONDS, TokenSigner } from './modules/auth/tokens';

/**
 * Property: whatever text, number or shape a client sends to any route of the OpenAPI document
 * (path, query, JSON body or form fields), the server never answers 5xx, on SQLite and on
 * PostgreSQL, and every failure is the error envelope. Calls come from an administrator and from
 * a listener, so that guarded routes reach their handlers; some ids are real rows, so that
 * hostile text also reaches the queries behind them.
 */
const RUNS_PER_ROUTE = 30;

const t = await createTestApp();
afterAll(() => t.close());
const admin = await createAdmin(t);
const listener = await createUser(t);
const bystander = await createUser(t);
const realIds: string[] = [bystander.user._id];
for (let index = 0; index < 4; index += 1) realIds.push((await createSong(t)).song._id);
realIds.push(
  await createPlaylist(t, listener),
  await createPlaylist(t, admin, { isDefault: true }),
);
const operations = await documentedOperations(t.app);
const signer = new TokenSigner(TEST_JWT_SECRET);

/** Characters that mean something to SQL, LIKE, FTS5, tsquery, URLs, JSON or Unicode handling. */
const SPECIAL_CHARACTERS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '"',
  "'",
  '*',
  '%',
  '_',
  '\\',
  '-',
  '+',
  '(',
  ')',
  ':',
  '^',
  '{',
  '}',
  '~',
  '@',
  '.',
  '/',
  '?',
  '#',
  '&',
  '|',
  '!',
  '<',
  '>',
  ' ',
  '\t',
  '\n',
  '\u202e',
  '\ufeff',
  '\u0301',
  'é',
  'ß',
  'İ',
  'ﬁ',
  '½',
  'ŉ',
  '你',
  'ア',
  '🎸',
];

const FRAGMENTS = [
  'NEAR(',
  'NEAR(a b, 2)',
  ' OR ',
  ' AND ',
  ' NOT ',
  "'--",
  "'; DROP TABLE songs; --",
  '%_%',
  '\\%',
  'title:',
  '{title artist}:',
  '<->',
  ':*',
  '../',
  '%00',
  '%ZZ',
  'null',
  '__proto__',
  'constructor',
  '0190a0a0-0000-7000-8000-000000000000',
  ...realIds,
  ...realIds.map((id) => `${id}\u0000`),
];

const hostileUnit = fc.oneof(
  fc.constantFrom(...SPECIAL_CHARACTERS),
  fc.constantFrom(...FRAGMENTS),
  // Any UTF-16 code unit, lone surrogates included.
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: 'grapheme', maxLength: 3 }),
);

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: hostileUnit, maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(hostileUnit, fc.integer({ min: 100, max: 5000 }))
      .map(([unit, times]) => unit.repeat(times)),
  },
  { weight: 2, arbitrary: fc.constantFrom(...realIds) },
);

/**
 * Text that passes validation (no NUL, within the lengths, an e-mail where one is wanted) yet
 * holds the same hostile characters: it is what reaches the handlers and the queries.
 */
function plausibleText(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern?.includes('[0-9a-fA-F]{8}')) {
    return fc.constantFrom(...realIds, '0190a0a0-0000-7000-8000-000000000000');
  }
  const wordUnit = hostileUnit.filter((unit) => !unit.includes('\u0000') && !/[\s@]/.test(unit));
  if (schema.pattern?.includes('@')) {
    return fc
      .tuple(
        fc.string({ unit: wordUnit, maxLength: 8 }),
        fc.string({ unit: wordUnit, maxLength: 8 }),
      )
      .map(([local, domain]) => `x${local}@${domain}x.com`.slice(0, schema.maxLength ?? 254));
  }
  const unit = hostileUnit.filter((candidate) => !candidate.includes('\u0000'));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc
    .string({ unit, minLength: Math.max(1, minLength), maxLength })
    .map((text) => text.slice(0, schema.maxLength ?? text.length).padEnd(minLength, 'x'));
}

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 0.5, 1900, 2024, 86_400, 86_401, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 1e308),
);

function plausibleNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const integer = schema.type === 'integer';
  const min = schema.minimum ?? (integer ? -1000 : -1e6);
  const max = schema.maximum ?? (integer ? 1e6 : 1e6);
  return integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
}

/**
 * Values of a schema's shape. Hostile ones break every rule now and then (NUL, lone surrogates,
 * huge text, numbers past any column, another shape entirely); plausible ones keep to the rules
 * with the same characters, so that they get past validation.
 */
function valueOf(schema: JsonSchema, plausible: boolean): fc.Arbitrary<unknown> {
  const options: Array<fc.Arbitrary<unknown>> = [];
  if (schema.enum?.length) options.push(fc.constantFrom(...schema.enum));
  for (const option of schema.anyOf ?? []) options.push(valueOf(option, plausible));
  if (schema.type === 'string' && !schema.enum) {
    options.push(plausible ? plausibleText(schema) : hostileText);
  }
  if (schema.type === 'number' || schema.type === 'integer') {
    options.push(plausible ? plausibleNumber(schema) : hostileNumber);
  }
  if (schema.type === 'boolean') options.push(fc.boolean());
  if (schema.type === 'array' && schema.items) {
    options.push(fc.array(valueOf(schema.items, plausible), { maxLength: 4 }));
  }
  if (schema.properties) {
    const properties = Object.entries(schema.properties).map(
      ([name, property]) => [name, valueOf(property, plausible)] as const,
    );
    options.push(
      fc.record(Object.fromEntries(properties), {
        requiredKeys: plausible ? [...(schema.required ?? [])] : [],
      }),
    );
  }
  const otherShape = fc.jsonValue({ maxDepth: 2 });
  if (options.length === 0) return otherShape;
  if (plausible) return fc.oneof(...options);
  return fc.oneof(
    { weight: 9, arbitrary: fc.oneof(...options) },
    { weight: 1, arbitrary: otherShape },
  );
}

/** Either kind of value, half the time each. */
function anyValueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(valueOf(schema, true), valueOf(schema, false));
}

/** Encoded path segments, including encodings the router cannot decode. */
const BROKEN_SEGMENTS = ['%ZZ', '%', '%E0%A4%A', '%C0%80', '%ED%A0%80', '..', '%2e%2e', 'a%2Fb'];

function segmentOf(param: Parameter): fc.Arbitrary<string> {
  const text = anyValueOf(param.schema).map((value) =>
    typeof value === 'string' ? value : JSON.stringify(value),
  );
  const encoded =
    param.name === '*'
      ? text.map((path) => path.split('/').map(encodeComponent).join('/'))
      : text.map(encodeComponent);
  return fc.oneof(
    { weight: 9, arbitrary: encoded },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_SEGMENTS) },
  );
}

const EXTRA_QUERIES = ['', '', '', '&limit=1&limit=2', '&cursor[]=x', '&__proto__=1', '&x=%ZZ'];

function formFields(value: unknown): Record<string, string | string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { value: String(value) };
  const asText = (item: unknown) =>
    typeof item === 'string' ? item : (JSON.stringify(item) ?? '');
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [
      name,
      Array.isArray(item) ? item.map(asText) : asText(item),
    ]),
  );
}

interface HostileCall {
  readonly role: 'admin' | 'listener';
  readonly request: InjectOptions & { url: string };
}

function callOf(operation: Operation): fc.Arbitrary<HostileCall> {
  const segments = Object.fromEntries(
    operation.pathParams.map((param) => [param.name, segmentOf(param)]),
  );
  const query = Object.fromEntries(
    operation.query.map((param) => [
      param.name,
      fc.option(anyValueOf(param.schema), { nil: undefined }),
    ]),
  );
  const body = operation.body
    ? fc.record({
        value: anyValueOf(operation.body),
        asForm: operation.multipart ? fc.boolean() : fc.constant(false),
      })
    : fc.constant(null);
  return fc
    .record({
      role: fc.constantFrom('admin' as const, 'listener' as const),
      segments: fc.record(segments),
      query: fc.record(query),
      extraQuery: fc.constantFrom(...EXTRA_QUERIES),
      body,
    })
    .map(({ role, segments: path, query: params, extraQuery, body: sent }) => {
      const search = Object.entries(params)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => {
          const text = typeof value === 'string' ? value : JSON.stringify(value);
          return `${name}=${encodeComponent(text)}`;
        })
        .join('&');
      const url = `${fillPath(operation, path)}?${search}${extraQuery}`;
      const request: HostileCall['request'] = { method: operation.method, url };
      if (sent?.asForm) {
        const form = multipartBody(formFields(sent.value));
        return { role, request: { ...request, payload: form.payload, headers: form.headers } };
      }
      if (sent && sent.value !== undefined) {
        return {
          role,
          request: {
            ...request,
            payload: JSON.stringify(sent.value),
            headers: { 'content-type': 'application/json' },
          },
        };
      }
      return { role, request };
    });
}

async function send({ role, request }: HostileCall) {
  // A fresh session for each call: a hostile logout must not end the ones that follow.
  const caller = role === 'admin' ? admin : listener;
  const token = signer.sign(caller.user._id, 0, SESSION_SECONDS);
  return t.app.inject({
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${token}` },
  });
}

describe('hostile input on every documented route', () => {
  it('covers every route of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(operations.map((operation) => [operation.key, operation] as const))(
    '%s never answers 5xx',
    async (_key, operation) => {
      await fc.assert(
        fc.asyncProperty(callOf(operation), async (call) => {
          const res = await send(call);
          expect(res.statusCode, `${call.request.method} ${call.request.url}`).toBeLessThan(500);
          if (res.statusCode >= 400 && operation.method !== 'HEAD') {
            expect(res.json()).toEqual(
              expect.objectContaining({ success: false, message: expect.any(String) }),
            );
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
  );
});
