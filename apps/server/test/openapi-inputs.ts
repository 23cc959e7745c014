import type { FastifyInstance } from 'fastify';

/**
 * The inputs of every route, read from the OpenAPI document the server publishes: tests that walk
 * them cover a new route as soon as it is documented.
 */

/** The part of JSON Schema that the zod schemas of packages/contract produce. */
export interface JsonSchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

export interface Parameter {
  readonly name: string;
  readonly schema: JsonSchema;
}

export interface Operation {
  /** `GET /api/user/songs/{id}/download`, as the document names it. */
  readonly key: string;
  readonly method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The path template, with `{name}` for each path parameter (`{*}` for a wildcard). */
  readonly path: string;
  readonly pathParams: readonly Parameter[];
  readonly query: readonly Parameter[];
  /** The body's schema, or null when the route documents none. */
  readonly body: JsonSchema | null;
  /** Whether the route also takes its body as multipart/form-data. */
  readonly multipart: boolean;
}

interface DocumentOperation {
  readonly parameters?: ReadonlyArray<{ in: string; name: string; schema: JsonSchema }>;
  readonly requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export async function documentedOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ url: '/api/docs/json' });
  const paths = res.json().paths as Record<string, Record<string, DocumentOperation>>;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const params = (place: string) =>
        parameters
          .filter((parameter) => parameter.in === place)
          .map(({ name, schema }) => ({ name, schema }));
      return {
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params('path'),
        query: params('query'),
        body: content['application/json']?.schema ?? null,
        multipart: 'multipart/form-data' in content,
      };
    }),
  );
}

/** Percent-encodes every byte of the text's UTF-8 form but the unreserved ones (RFC 3986). */
export function encodeComponent(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** The concrete path of an operation, each parameter given as an already encoded segment. */
export function fillPath(operation: Operation, encoded: Readonly<Record<string, string>>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encoded[name] ?? '');
}

/** A place in a body where a string goes, and the body that holds `value` there alone. */
export interface StringLeaf {
  /** Dotted, as the API's field errors name it: `history.0.content`. */
  readonly field: string;
  readonly build: (value: string) => unknown;
}

/** Every place a string can go in a value of `schema` (enum fields included). */
export function stringLeaves(schema: JsonSchema, field = ''): StringLeaf[] {
  const at = (name: string | number) => (field ? `${field}.${name}` : String(name));
  const leaves: StringLeaf[] = [];
  if (schema.type === 'string') leaves.push({ field, build: (value) => value });
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    for (const leaf of stringLeaves(property, at(name))) {
      leaves.push({ field: leaf.field, build: (value) => ({ [name]: leaf.build(value) }) });
    }
  }
  if (schema.items) {
    for (const leaf of stringLeaves(schema.items, at(0))) {
      leaves.push({ field: leaf.field, build: (value) => [leaf.build(value)] });
    }
  }
  for (const option of schema.anyOf ?? []) {
    for (const leaf of stringLeaves(option, field)) {
      if (!leaves.some((known) => known.field === leaf.field)) leaves.push(leaf);
    }
  }
  return leaves;
}
