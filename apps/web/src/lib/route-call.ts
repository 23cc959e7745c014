import {
  pathOf,
  type BodyOf,
  type FileAnswer,
  type HttpMethod,
  type Multipart,
  type PathParams,
  type QueryOf,
  type ResponseOf,
  type Route,
} from '@cadenza/contract/route';
import { requestFile, requestJson, type ApiFile, type RequestOptions } from './api-client';

type PathOf<R> = R extends Route<HttpMethod, infer P> ? P : never;

type ParamsInput<R> = keyof PathParams<PathOf<R>> extends never
  ? { params?: undefined }
  : { params: PathParams<PathOf<R>> };

type BodyInput<R> = [BodyOf<R>] extends [never]
  ? { body?: undefined }
  : { body: BodyOf<R> extends Multipart ? FormData : BodyOf<R> };

type QueryInput<R> = [QueryOf<R>] extends [never] ? { query?: undefined } : { query?: QueryOf<R> };

/** What a call of route R sends: its path's parameters, its query and body, and the options. */
export type CallInput<R> = ParamsInput<R> &
  BodyInput<R> &
  QueryInput<R> &
  Omit<RequestOptions, 'method' | 'body'>;

/** The input may be left out when nothing in it is required. */
export type CallArgs<R> =
  Record<never, never> extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** The JSON a route answers (never for a route that answers a file). */
export type AnswerOf<R> = ResponseOf<R> extends FileAnswer ? never : ResponseOf<R>;

interface LooseInput extends Omit<RequestOptions, 'method' | 'body'> {
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  body?: unknown;
}

/** The route's path with its parameters, then the query fields that have a value. */
export function urlOf(route: Route, { params, query }: LooseInput = {}): string {
  const path = pathOf(route, params ?? {});
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function split(input: unknown): {
  url: (route: Route) => string;
  body: unknown;
  options: RequestOptions;
} {
  const { params, query, body, ...options }: LooseInput = input ?? {};
  return { url: (route) => urlOf(route, { params, query }), body, options };
}

/**
 * Calls a route declared in the contract: the path, query and body are checked against the
 * declaration, and the answer is typed from it (the server's schema validated it on the way out).
 */
export function call<R extends Route>(route: R, ...[input]: CallArgs<R>): Promise<AnswerOf<R>> {
  const { url, body, options } = split(input);
  return requestJson<AnswerOf<R>>(url(route), { ...options, method: route.method, body });
}

/** Calls a route that answers a file: its bytes and the answer's headers. */
export function callFile<R extends Route>(
  route: R & { readonly types?: { readonly response: FileAnswer } },
  ...[input]: CallArgs<R>
): Promise<ApiFile> {
  const { url, options } = split(input);
  return requestFile(url(route), { ...options, method: route.method });
}
