import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@cadenza/contract/error-codes';
import type { ErrorResponse, FieldError } from '@cadenza/contract/envelope';
import { isDatabaseUnavailable } from '../db/errors';
import {
  AppError,
  RetryLater,
  ServiceUnavailable,
  StorageFull,
  StorageUnavailable,
} from '../errors';
import { isStorageFailure, isStorageFull } from '../storage/storage-failures';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is unavailable right now. Please try again in a moment.';

/**
 * Codes and messages for the errors Fastify itself raises before a route runs. Its own messages
 * may repeat what the client sent (the URL, the content type), so none of them is passed on.
 */
function frameworkError(error: { code?: string | undefined }): {
  code: ErrorCode;
  message: string;
} {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 'invalid_json', message: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'empty_body', message: 'The request body is empty but JSON was declared.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'body_too_large', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        code: 'unsupported_media_type',
        message: 'This content type is not supported here.',
      };
    case 'FST_ERR_BAD_URL':
      return { code: 'invalid_address', message: 'The request URL is not correctly encoded.' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { code: 'address_too_long', message: 'A part of the request URL is too long.' };
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'headers_too_large', message: 'The request headers are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'request_timeout', message: 'The request took too long to arrive.' };
    default:
      return {
        code: 'malformed_request',
        message: 'The request is malformed or cannot be processed.',
      };
  }
}

function isClientStatus(status: unknown): status is number {
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot take (bad percent-encoding, a parameter
 * over `maxParamLength`) is answered with the error envelope like any other failure.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = isClientStatus(error.statusCode) ? error.statusCode : 400;
  void reply.status(status).send({ success: false, ...frameworkError(error) });
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses before Fastify sees it
 * (headers too large, a malformed request line) gets the error envelope too. The connection is
 * then closed, as Node does: its bytes can no longer be trusted to frame a next request.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const body = JSON.stringify({ success: false, ...frameworkError(error) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Maps every error to `{ success: false, code, message, errors? }`; never leaks a 5xx's details. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler<FastifyError>((thrown, request, reply) => {
    // A database that cannot be reached (restarting, down, locked) is an outage, not a bug; so
    // is media storage that is full or unavailable.
    const storage = !(thrown instanceof AppError) && isStorageFailure(thrown);
    const unavailable = !storage && isDatabaseUnavailable(thrown);
    const error = unavailable
      ? new ServiceUnavailable(DATABASE_UNAVAILABLE_MESSAGE)
      : storage
        ? isStorageFull(thrown)
          ? new StorageFull()
          : new StorageUnavailable()
        : thrown;
    let status = 500;
    let body: ErrorResponse = { success: false, code: 'internal_error', message: INTERNAL_MESSAGE };

    if (error instanceof AppError) {
      status = error.statusCode;
      body = {
        success: false,
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      };
      if (error instanceof RetryLater) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const context = error.validationContext ?? 'request';
      const errors: FieldError[] = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field
          ? { field, code: issue.keyword, message: issue.message ?? 'Invalid value' }
          : {
              field: context,
              code: issue.keyword,
              message: `The request ${context} is missing or malformed.`,
            };
      });
      body = {
        success: false,
        code: 'invalid_input',
        message: errors[0]?.message ?? 'Invalid request.',
        errors,
      };
    } else if (isClientStatus(error.statusCode)) {
      status = error.statusCode;
      body = { success: false, ...frameworkError(error) };
    }

    if (unavailable) {
      request.log.warn({ err: thrown }, 'database unavailable');
    } else if (storage) {
      request.log.error({ err: thrown }, 'media storage failed');
    } else if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return reply.status(status).send(body);
  });
});
