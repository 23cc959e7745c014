import type { ErrorCode } from '@cadenza/contract/error-codes';
import {
  http,
  HttpResponse,
  type DefaultBodyType,
  type HttpHandler,
  type HttpResponseResolver,
  type PathParams,
} from 'msw';

/**
 * How tests and handlers name a call: "METHOD /api/path", where the path may hold `:params` and
 * leaves out the query string ("PUT /api/user/songs/:id/like").
 */
export type Route = string;

export type RouteResolver = HttpResponseResolver<PathParams<string>, DefaultBodyType>;

/** A request as the server received it, for tests that check what the app sent. */
export interface SentRequest {
  method: string;
  /** The path without the query string, e.g. /api/user/songs. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, FormData for multipart, text otherwise; undefined without a body. */
  body: unknown;
}

const sent: SentRequest[] = [];
const logged = new Set<string>();

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  if (type.includes('json')) return JSON.parse(text) as unknown;
  return text;
}

/** Records a request once, however many handlers it passes through. */
async function logRequest(requestId: string, request: Request): Promise<void> {
  if (logged.has(requestId)) return;
  logged.add(requestId);
  const url = new URL(request.url);
  // Logged once its body is read, so that a test which waits for the request sees the body too.
  const body = await readBody(request.clone());
  sent.push({
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    headers: request.headers,
    body,
  });
}

function parseRoute(route: Route): { method: string; path: string } {
  const [method, path] = route.split(' ');
  if (!method || !path) throw new Error(`A route reads "METHOD /api/path", not "${route}"`);
  return { method, path };
}

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** An MSW handler for `route` that logs what it receives, then answers with `resolver`. */
export function on(route: Route, resolver: RouteResolver): HttpHandler {
  const { method, path } = parseRoute(route);
  const methods = {
    GET: http.get,
    POST: http.post,
    PUT: http.put,
    PATCH: http.patch,
    DELETE: http.delete,
  } as const;
  const handlerFor = methods[method as keyof typeof methods];
  if (!handlerFor) throw new Error(`Unknown method in route "${route}"`);
  return handlerFor(path, async (info) => {
    await logRequest(info.requestId, info.request);
    return resolver(info);
  });
}

/** The requests made to `route` so far in this test, oldest first. */
export function requestsTo(route: Route): SentRequest[] {
  const { method, path } = parseRoute(route);
  const pattern = pathPattern(path);
  return sent.filter((request) => request.method === method && pattern.test(request.path));
}

/** Every request made so far in this test, as "METHOD /path". */
export function sentRoutes(): string[] {
  return sent.map((request) => `${request.method} ${request.path}`);
}

export function clearRequestLog(): void {
  sent.length = 0;
  logged.clear();
}

/** The generic code of each status, for failures a test scripts without naming one. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'upload_too_large',
  415: 'unsupported_file_type',
  429: 'rate_limited',
  502: 'upstream_failed',
  503: 'service_unavailable',
};

/** The API's failure envelope (docs/architecture.md §5): a stable code beside the message. */
export function failure(status: number, message: string, code?: ErrorCode): Response {
  const body = {
    success: false,
    code: code ?? CODE_OF_STATUS[status] ?? 'internal_error',
    message,
  };
  return HttpResponse.json(body, { status });
}
