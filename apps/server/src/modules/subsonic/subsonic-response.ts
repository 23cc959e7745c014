import packageJson from '../../../package.json' with { type: 'json' };

/** The Subsonic API version this server speaks, and its name and version in every answer. */
export const SUBSONIC_API_VERSION = '1.16.1';
export const SERVER_TYPE = 'cadenza';
export const SERVER_VERSION: string = packageJson.version;
export const SUBSONIC_NAMESPACE = 'http://subsonic.org/restapi';

export type SubsonicScalar = string | number | boolean;

/**
 * One element of an answer, in the shape of its JSON: scalars are XML attributes, nested nodes
 * child elements, arrays repeated child elements; `value` is the element's text (the `<genre>`
 * name, a lyrics text).
 */
export interface SubsonicNode {
  readonly [name: string]: SubsonicValue | undefined;
}
export type SubsonicValue =
  SubsonicScalar | SubsonicNode | readonly SubsonicNode[] | readonly SubsonicScalar[];

/** What an endpoint answers: the elements inside `subsonic-response` (none for a bare "ok"). */
export type SubsonicPayload = Readonly<Record<string, SubsonicNode | readonly SubsonicNode[]>>;

/** The error codes of the Subsonic API and its OpenSubsonic API-key extension. */
export const SubsonicCode = {
  generic: 0,
  missingParameter: 10,
  wrongCredentials: 40,
  tokenAuthNotSupported: 41,
  authMechanismNotSupported: 42,
  conflictingAuthMechanisms: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  notFound: 70,
} as const;
export type SubsonicCodeValue = (typeof SubsonicCode)[keyof typeof SubsonicCode];

/**
 * A failure answered the Subsonic way: `status="failed"` with a code, over HTTP 200 unless
 * `httpStatus` says otherwise (an answer a player would otherwise keep as audio).
 */
export class SubsonicError extends Error {
  constructor(
    readonly code: SubsonicCodeValue,
    message: string,
    readonly httpStatus = 200,
  ) {
    super(message);
    this.name = 'SubsonicError';
  }
}

export function missingParameter(name: string): SubsonicError {
  return new SubsonicError(SubsonicCode.missingParameter, `Required parameter is missing: ${name}`);
}

export function invalidParameter(name: string, expected: string): SubsonicError {
  return new SubsonicError(SubsonicCode.generic, `Parameter ${name} must be ${expected}`);
}

export function notFound(what: string): SubsonicError {
  return new SubsonicError(SubsonicCode.notFound, `${what} not found`);
}

/** The attributes of `subsonic-response` itself. */
export interface SubsonicEnvelope {
  readonly status: 'ok' | 'failed';
  readonly payload: SubsonicPayload;
}

export function envelopeAttributes(status: SubsonicEnvelope['status']) {
  return {
    status,
    version: SUBSONIC_API_VERSION,
    type: SERVER_TYPE,
    serverVersion: SERVER_VERSION,
    openSubsonic: true,
  } as const;
}

export function errorPayload(error: SubsonicError): SubsonicPayload {
  return { error: { code: error.code, message: error.message } };
}
