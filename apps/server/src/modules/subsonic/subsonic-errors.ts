import type { FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../db/errors';
import { AppError } from '../../errors';
import { SubsonicCode, SubsonicError, type SubsonicCodeValue } from './subsonic-response';

/** The Subsonic code of each of the server's own failure statuses. */
const CODE_OF_STATUS: Readonly<Record<number, SubsonicCodeValue>> = {
  401: SubsonicCode.wrongCredentials,
  403: SubsonicCode.notAuthorized,
  404: SubsonicCode.notFound,
};

/**
 * A song whose file is gone, or is no longer the file that was scanned (swapped for a link or
 * replaced): the body is Subsonic's not-found error, over HTTP 404 as on /media, so that a
 * player or a download manager never keeps the error body as the file.
 */
const FILE_MISSING_CODE = 'media_not_found';
/**
 * Failures of a stream answered with their own status, so that no player keeps the error body
 * as audio: the missing file, and a stream asked in a way that cannot be met.
 */
const KEEPS_STATUS: ReadonlySet<string> = new Set([FILE_MISSING_CODE, 'invalid_stream_request']);

/** A failure as Subsonic answers it, and the HTTP status it goes with. */
export interface SubsonicFailure {
  readonly error: SubsonicError;
  /**
   * 200 as Subsonic wants, except for the transport's own (too many requests, an outage), a
   * song's missing file, and the failures of a stream that carry their own status.
   */
  readonly httpStatus: number;
}

/**
 * Any failure of a /rest call, in the Subsonic vocabulary: the services' errors keep their
 * message; an unexpected one is logged and answered without its details.
 */
export function subsonicFailureOf(thrown: unknown, request: FastifyRequest): SubsonicFailure {
  if (thrown instanceof SubsonicError) return { error: thrown, httpStatus: thrown.httpStatus };
  if (isDatabaseUnavailable(thrown)) {
    request.log.warn({ err: thrown }, 'database unavailable');
    return {
      error: new SubsonicError(SubsonicCode.generic, 'The database is unavailable right now'),
      httpStatus: 503,
    };
  }
  if (thrown instanceof AppError) {
    const code = CODE_OF_STATUS[thrown.statusCode] ?? SubsonicCode.generic;
    const httpStatus =
      thrown.statusCode === 429 || thrown.statusCode === 503 || KEEPS_STATUS.has(thrown.code)
        ? thrown.statusCode
        : 200;
    return { error: new SubsonicError(code, thrown.message), httpStatus };
  }
  const status = (thrown as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      error: new SubsonicError(SubsonicCode.generic, 'The request is malformed'),
      httpStatus: status === 413 ? 413 : 200,
    };
  }
  request.log.error({ err: thrown }, 'subsonic request failed');
  return {
    error: new SubsonicError(SubsonicCode.generic, 'Something went wrong on the server'),
    httpStatus: 200,
  };
}
