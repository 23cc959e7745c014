import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';

/**
 * The official OpenSubsonic OpenAPI document (test/fixtures/opensubsonic, copied unchanged from
 * the specification's repository) as answer validators. The document is split over many files
 * that point at each other with relative `$ref`s, so every schema file is registered under a URI
 * that mirrors its path and ajv resolves the references itself.
 */
const ROOT = join(import.meta.dirname, 'fixtures/opensubsonic/openapi');
const BASE = 'https://opensubsonic.invalid/openapi/';

type Json = Record<string, unknown>;

function readJson(path: string): Json {
  return JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Json;
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .map((name) => relative(ROOT, join(ROOT, dir, name)));
}

// RFC 3339, as the specification's `date-time` means; `float` only documents a number's width.
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

function buildAjv(): Ajv {
  // OpenAPI 3.0 schemas are not strict JSON Schema (`externalDocs`, `example`, …).
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('date-time', (value: string) => DATE_TIME.test(value) && !isNaN(Date.parse(value)));
  ajv.addFormat('float', { type: 'number', validate: () => true });
  // Endpoint files at the top of `endpoints/` are path items, not schemas; the rest are schemas.
  const schemaFiles = [
    ...filesUnder('schemas'),
    ...filesUnder('endpoints').filter((path) => path.split('/').length > 2),
  ];
  for (const path of schemaFiles) ajv.addSchema(readJson(path), BASE + path);
  return ajv;
}

const ajv = buildAjv();

/** The content schema `$ref` of a response object, as a URI relative to the file it is in. */
function contentSchemaUri(response: Json, fileUri: string): string {
  if (typeof response.$ref === 'string') {
    const uri = new URL(response.$ref, fileUri).href;
    return contentSchemaUri(readJson(uri.slice(BASE.length)), uri);
  }
  const content = response.content as Record<string, { schema: { $ref: string } }>;
  return new URL(content['application/json']!.schema.$ref, fileUri).href;
}

function validatorAt(uri: string): ValidateFunction {
  const validate = ajv.getSchema(uri);
  if (!validate) throw new Error(`the OpenSubsonic document has no schema ${uri}`);
  return validate;
}

const byEndpoint = new Map<string, ValidateFunction>();

/** The validator of the 200 answer of `/rest/<endpoint>` (GET), from the official document. */
export function answerValidator(endpoint: string): ValidateFunction {
  const known = byEndpoint.get(endpoint);
  if (known) return known;
  const paths = readJson('openapi.json').paths as Record<string, { $ref: string }>;
  const pathItem = paths[`/rest/${endpoint}`];
  if (!pathItem) throw new Error(`the OpenSubsonic document has no /rest/${endpoint}`);
  const fileUri = new URL(pathItem.$ref, `${BASE}openapi.json`).href;
  const operation = readJson(fileUri.slice(BASE.length)).get as { responses: Record<string, Json> };
  const validate = validatorAt(contentSchemaUri(operation.responses['200']!, fileUri));
  byEndpoint.set(endpoint, validate);
  return validate;
}

function problems(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors, { dataVar: 'answer', separator: '\n' });
}

/**
 * Throws, naming every mismatch, unless `answer` (the inside of `subsonic-response`) is a valid
 * 200 answer of `endpoint` according to the official OpenSubsonic document.
 */
export function checkOpenSubsonicAnswer(endpoint: string, answer: unknown): void {
  const validate = answerValidator(endpoint);
  if (!validate({ 'subsonic-response': answer })) {
    throw new Error(`${endpoint} does not match OpenSubsonic:\n${problems(validate)}`);
  }
}

/**
 * Throws, naming every mismatch, unless `value` matches one schema of the official document
 * (`TranscodeDecision` for schemas/TranscodeDecision.json): for answers whose endpoint the
 * document describes without the `subsonic-response` around them.
 */
export function checkOpenSubsonicSchema(schema: string, value: unknown): void {
  const validate = validatorAt(`${BASE}schemas/${schema}.json`);
  if (!validate(value)) {
    throw new Error(`the answer does not match OpenSubsonic's ${schema}:\n${problems(validate)}`);
  }
}

const failure = () => validatorAt(`${BASE}schemas/SubsonicResponse/SubsonicFailureResponse.json`);

/** Throws unless `answer` (the inside of `subsonic-response`) is an OpenSubsonic error answer. */
export function checkOpenSubsonicError(answer: unknown): void {
  const validate = failure();
  if (!validate(answer)) {
    throw new Error(`the error does not match OpenSubsonic:\n${problems(validate)}`);
  }
}
