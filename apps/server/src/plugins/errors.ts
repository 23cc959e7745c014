import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@cadenza/contract/error-codes';
import type { ErrorResponse, FieldError } from '@cadenza/contract/envelope';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError, ServiceUnavailable } from '../errors';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is unavailable right now. Please try again in a moment.';

/** Codes and messages for the errors Fastify itself raises before a route runs. */
function frameworkError(error: FastifyError): { code: ErrorCode; message: string } {
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
    default:
      return { code: 'invalid_input', message: error.message };
  }
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (`%c0`) or a path parameter over its
 * length limit is answered before any route or hook runs; the envelope stays the API's own.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: ErrorResponse = {
    success: false,
    code: tooLong ? 'address_too_long' : 'invalid_address',
    message: tooLong ? 'The address is too long.' : 'The address is not valid.',
  };
  void reply.status(tooLong ? 414 : 400).send(body);
}

/** Maps every error to `{ success: false, code, message, errors? }`; never leaks a 5xx's details. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler<FastifyError>((thrown, request, reply) => {
    // A database that cannot be reached (restarting, down, locked) is an outage, not a bug.
    const unavailable = isDatabaseUnavailable(thrown);
    const error = unavailable ? new ServiceUnavailable(DATABASE_UNAVAILABLE_MESSAGE) : thrown;
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
      if (error instanceof ServiceUnavailable) {
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
    } else if (
      typeof error.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      status = error.statusCode;
      body = { success: false, ...frameworkError(error) };
    }

    if (unavailable) {
      request.log.warn({ err: thrown }, 'database unavailable');
    } else if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return reply.status(status).send(body);
  });
});
