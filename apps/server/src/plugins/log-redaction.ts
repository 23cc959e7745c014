import type { FastifyRequest } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';

/** What a secret is replaced with wherever the log would have shown it. */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose values are secrets, compared without regard to case: app keys
 * (`apiKey`), Subsonic passwords and salted tokens (`p`, `t`, `s`), session tokens (`token`,
 * `jwt`), the signature of a signed media URL, reset and invitation tokens, single sign-on
 * codes and tokens, and a presigned bucket URL's credentials. Add a name here when a route
 * starts taking one.
 */
export const SECRET_QUERY_PARAMETERS: readonly string[] = [
  'apikey',
  'p',
  't',
  's',
  'token',
  'jwt',
  'signature',
  'password',
  'invite',
  'invitation',
  'code',
  'access_token',
  'id_token',
  'refresh_token',
  'client_secret',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
];

/**
 * Path segments followed by a secret: `/api/auth/reset-password/{resetToken}` and the web page
 * `/reset-password/{resetToken}`, invitation links, e-mail confirmations. The segment after one
 * of these names is replaced, wherever it appears in the path. Add a name here when a route
 * starts carrying a token in its path.
 */
export const SECRET_PATH_SEGMENTS: readonly string[] = [
  'reset-password',
  'invite',
  'invites',
  'invitation',
  'invitations',
  'confirm-email',
];

/** Headers whose values are secrets, as pino paths under any logged object's `headers`. */
const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
];

const secretParameters = new Set(SECRET_QUERY_PARAMETERS);
const secretSegments = new Set(SECRET_PATH_SEGMENTS);

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return text.toLowerCase();
  }
}

function redactPath(path: string): string {
  if (!path.includes('/')) return path;
  const segments = path.split('/');
  let changed = false;
  for (let index = 1; index < segments.length; index += 1) {
    const before = segments[index - 1];
    if (before && segments[index] && secretSegments.has(decoded(before))) {
      segments[index] = REDACTED;
      changed = true;
    }
  }
  return changed ? segments.join('/') : path;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      return secretParameters.has(decoded(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A request URL (path and query) with its secrets replaced: what the log may show. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return redactPath(url);
  return `${redactPath(url.slice(0, question))}?${redactQuery(url.slice(question + 1))}`;
}

const escaped = (names: Iterable<string>) =>
  [...names].map((name) => name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|');

/** `name=value` of a secret parameter, anywhere in a text (a URL inside a message, say). */
const PARAMETER_IN_TEXT = new RegExp(
  `(^|[?&;\\s"'(,])(${escaped(secretParameters)})=([^&\\s"'<>#;),]*)`,
  'gi',
);
/** The segment after a secret-bearing one, anywhere in a text. */
const SEGMENT_IN_TEXT = new RegExp(`/(${escaped(secretSegments)})/([^/?#\\s"'<>]+)`, 'gi');
/** Credentials after an authorization scheme, and the password of a URL's user information. */
const SCHEME_CREDENTIALS = /\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]*):[^\s/@]*@/gi;

/** Free text (a message, an error's message or stack) with the secrets it may quote replaced. */
export function redactText(text: string): string {
  return text
    .replace(PARAMETER_IN_TEXT, `$1$2=${REDACTED}`)
    .replace(SEGMENT_IN_TEXT, `/$1/${REDACTED}`)
    .replace(SCHEME_CREDENTIALS, `$1 ${REDACTED}`)
    .replace(URL_PASSWORD, `$1:${REDACTED}@`);
}

/** Every string of a serialised value, however deep (up to a bound), with `redactText`. */
function redactStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = redactStrings(item, depth + 1);
  return copy;
}

/** The request as the log shows it: Fastify's fields, with the URL's secrets replaced. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: [request.headers['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** An error as the log shows it: pino's fields, with any secret its texts quote replaced. */
function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  return redactStrings(stdSerializers.err(error)) as ReturnType<typeof stdSerializers.err>;
}

/**
 * The logger's serialisers, header redaction and message hook: no request URL, error, header or
 * message written to the log shows a secret the client sent.
 */
export const secretRedaction = {
  serializers: { req: serializeRequest, err: serializeError },
  redact: {
    paths: SECRET_HEADERS.flatMap((name) => [
      `headers["${name}"]`,
      `*.headers["${name}"]`,
      `req.raw.headers["${name}"]`,
    ]),
    censor: REDACTED,
  },
  hooks: {
    logMethod(args, method) {
      const redacted = args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg));
      method.apply(this, redacted as Parameters<typeof method>);
    },
  },
} satisfies Pick<LoggerOptions, 'serializers' | 'redact' | 'hooks'>;
