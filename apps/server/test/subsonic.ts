import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SubsonicAPI } from 'subsonic-api';
import { expect } from 'vitest';
import type { CreatedUser } from './factories';
import type { TestApp } from './test-app';

export type RestParams = Record<string, string | number | boolean | readonly string[]>;

/** Makes an API key for `user` through the API, as the dashboard does. */
export async function createApiKey(t: TestApp, user: CreatedUser, name = 'Phone'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/api-keys',
    headers: user.headers,
    payload: { name },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.key as string;
}

/** `u`, `t` = md5(key + salt) and `s`, as most apps sign in. */
export function tokenAuth(email: string, key: string, salt = 'a1b2c3'): RestParams {
  return {
    u: email,
    t: createHash('md5')
      .update(key + salt)
      .digest('hex'),
    s: salt,
  };
}

function query(params: RestParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  return search.toString();
}

/** One /rest call by GET (or a form-encoded POST), answered as it is. */
export function rest(
  t: TestApp,
  endpoint: string,
  params: RestParams,
  method: 'GET' | 'POST' = 'GET',
): Promise<LightMyRequestResponse> {
  if (method === 'POST') {
    return t.app.inject({
      method,
      url: `/rest/${endpoint}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: query(params),
    });
  }
  return t.app.inject({ url: `/rest/${endpoint}?${query(params)}` });
}

export type SubsonicJson = Record<string, unknown> & { status: string };

/** A /rest call with `f=json`: the inside of `subsonic-response`. */
export async function restJson(
  t: TestApp,
  endpoint: string,
  params: RestParams,
): Promise<SubsonicJson> {
  const res = await rest(t, endpoint, { ...params, f: 'json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json()['subsonic-response'] as SubsonicJson;
}

/** A /rest call that must fail with the given Subsonic error code. */
export async function expectRestError(
  t: TestApp,
  endpoint: string,
  params: RestParams,
  code: number,
): Promise<void> {
  const answer = await restJson(t, endpoint, params);
  expect(answer).toMatchObject({ status: 'failed', error: { code } });
}

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: 'value',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  htmlEntities: true,
});

/** Parses an XML answer after checking it is well-formed and in the Subsonic namespace. */
export function parseSubsonicXml(body: string): Record<string, unknown> {
  expect(XMLValidator.validate(body)).toBe(true);
  const root = xmlParser.parse(body)['subsonic-response'] as Record<string, unknown>;
  expect(root).toBeDefined();
  expect(root.xmlns).toBe('http://subsonic.org/restapi');
  const { xmlns: _namespace, ...rest } = root;
  return rest;
}

/**
 * Fails unless an XML answer holds the same elements, attributes and values as the JSON one:
 * JSON scalars are attributes (or `value`, the text), objects elements, arrays repeated elements.
 */
export function expectSameData(json: unknown, xml: unknown, path = 'subsonic-response'): void {
  if (Array.isArray(json)) {
    const items = Array.isArray(xml) ? xml : xml === undefined ? [] : [xml];
    expect(items.length, `${path}: count`).toBe(json.length);
    json.forEach((item, index) => expectSameData(item, items[index], `${path}[${index}]`));
    return;
  }
  if (json !== null && typeof json === 'object') {
    // An element with text and no attributes parses as its text alone.
    const onlyText = Object.keys(json).length === 1 && 'value' in json;
    if (typeof xml === 'string' && (xml === '' || onlyText)) {
      expectSameData(json, xml === '' ? {} : { value: xml }, path);
      return;
    }
    expect(xml, path).toBeTypeOf('object');
    const element = xml as Record<string, unknown>;
    const entries = Object.entries(json as Record<string, unknown>);
    for (const [key, value] of entries) expectSameData(value, element[key], `${path}.${key}`);
    const extra = Object.keys(element).filter((key) => !(key in json));
    expect(extra, `${path}: elements only in XML`).toEqual([]);
    return;
  }
  expect(xml, path).toBe(String(json));
}

/** Calls an endpoint in JSON and in XML, checks they agree, and answers the JSON. */
export async function restBoth(
  t: TestApp,
  endpoint: string,
  params: RestParams,
): Promise<SubsonicJson> {
  const json = await restJson(t, endpoint, params);
  const res = await rest(t, endpoint, params);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/xml/);
  expectSameData(json, parseSubsonicXml(res.body));
  return json;
}

/** A `fetch` that goes through `app.inject`, for client libraries. */
export function injectFetch(t: TestApp): typeof fetch {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init?.body;
    const res = await t.app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof body === 'string' || body instanceof URLSearchParams
        ? { payload: body.toString() }
        : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, String(value));
    }
    return new Response(res.statusCode === 204 ? null : res.rawPayload, {
      status: res.statusCode,
      headers,
    });
  };
}

/** The `subsonic-api` client signed in with a key, through `app.inject`. */
export function subsonicClient(
  t: TestApp,
  auth: { apiKey: string } | { username: string; password: string },
  options: { post?: boolean; reuseSalt?: boolean } = {},
): SubsonicAPI {
  return new SubsonicAPI({
    url: 'http://cadenza.test',
    auth,
    fetch: injectFetch(t),
    post: options.post ?? false,
    reuseSalt: options.reuseSalt ?? false,
  });
}
