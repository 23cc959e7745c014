/**
 * One HTTP route of the API, declared once: the server registers it and the web calls it
 * (docs/decisions/078-routes-declared-in-the-contract.md). The declaration holds its method and
 * path as values, and its query, body and answer as types only, so that calling a route bundles
 * no schema: the screens that paint without zod stay without it.
 */

/** The methods the API answers. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A body of files and fields, sent as multipart/form-data rather than JSON. */
export interface Multipart {
  readonly multipart: true;
}

/** An answer that is a file (its bytes and headers) rather than JSON. */
export interface FileAnswer {
  readonly file: true;
}

/** What a route takes and answers, as types: JSON unless `body` is `Multipart` or `response` a `FileAnswer`. */
export interface RouteTypes {
  /** The query string's fields (sent as text). */
  readonly query?: object;
  readonly body?: unknown;
  /** The answer of a success (2xx). */
  readonly response?: unknown;
}

export interface Route<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  T extends RouteTypes = RouteTypes,
> {
  readonly method: M;
  /** The whole path, `/api/…`, with `:name` for each parameter. */
  readonly path: P;
  /** Never set: carries the types of the route to the typechecker. */
  readonly types?: T;
}

/**
 * `defineRoute<{ query: PageQuery; response: SongPage }>()('GET', '/api/user/songs')`. The types
 * come first and apart, so that the method and the path keep their literal types.
 */
export function defineRoute<T extends RouteTypes = Record<never, never>>() {
  return <const M extends HttpMethod, const P extends `/api/${string}`>(
    method: M,
    path: P,
  ): Route<M, P, T> => ({ method, path });
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters a path names, `:id` giving `{ id: string }`. */
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string };

type TypesOf<R> = R extends Route<HttpMethod, string, infer T> ? T : never;

/** What a route answers on success. */
export type ResponseOf<R> = TypesOf<R> extends { readonly response: infer A } ? A : unknown;

/** The body a route takes, `never` when it takes none. */
export type BodyOf<R> = TypesOf<R> extends { readonly body: infer B } ? B : never;

/** The query string a route reads: its fields, each sent as text when present. */
export type QueryOf<R> =
  TypesOf<R> extends { readonly query: infer Q }
    ? { readonly [K in keyof Q]?: string | number | boolean | undefined }
    : never;

/** `:name` segments replaced by their values, each encoded as one path segment. */
export function pathOf<P extends string>(
  route: Route<HttpMethod, P>,
  params: PathParams<P>,
): string {
  const values: Readonly<Record<string, string>> = params;
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
