import type { ErrorCode } from '@cadenza/contract/error-codes';
import type { FieldError } from '@cadenza/contract/envelope';

/**
 * The one error vocabulary of the server; the error handler maps each to docs/architecture.md §5's envelope.
 * The `code` is stable for clients to branch on; the message is for people.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(message: string, errors?: FieldError[], code: ErrorCode = 'invalid_input') {
    super(400, code, message, errors);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Please log in to continue.', code: ErrorCode = 'unauthorized') {
    super(401, code, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do that.', code: ErrorCode = 'forbidden') {
    super(403, code, message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found.', code: ErrorCode = 'not_found') {
    super(404, code, message);
  }
}

/** What was there is no more, for good (an expired link). */
export class Gone extends AppError {
  constructor(message: string, code: ErrorCode) {
    super(410, code, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, code: ErrorCode) {
    super(409, code, message);
  }
}

export class TooLarge extends AppError {
  constructor(message: string, code: ErrorCode = 'upload_too_large') {
    super(413, code, message);
  }
}

export class UnsupportedType extends AppError {
  constructor(message: string, code: ErrorCode = 'unsupported_file_type') {
    super(415, code, message);
  }
}

export class RateLimited extends AppError {
  constructor(
    message = 'Too many attempts. Please wait a moment and try again.',
    code: ErrorCode = 'rate_limited',
  ) {
    super(429, code, message);
  }
}

export class UpstreamFailed extends AppError {
  constructor(message: string, code: ErrorCode = 'upstream_failed') {
    super(502, code, message);
  }
}

/** A failure on the server's side that passes: answered with `Retry-After`. */
export class RetryLater extends AppError {
  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    /** Sent as `Retry-After`. */
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, code, message);
  }
}

/** A dependency (the database) cannot be reached right now; worth retrying after a moment. */
export class ServiceUnavailable extends RetryLater {
  constructor(message: string, retryAfterSeconds = 5, code: ErrorCode = 'service_unavailable') {
    super(503, code, message, retryAfterSeconds);
  }
}

/** The media storage (the disk, the bucket) does not take writes right now. */
export class StorageUnavailable extends ServiceUnavailable {
  constructor(
    message = 'The media storage is unavailable right now. Please try again in a moment.',
    retryAfterSeconds = 30,
  ) {
    super(message, retryAfterSeconds, 'storage_unavailable');
  }
}

/** The media storage has no room left (507 Insufficient Storage). */
export class StorageFull extends RetryLater {
  constructor(
    message = 'The media storage is full. Please try again later.',
    retryAfterSeconds = 300,
  ) {
    super(507, 'storage_full', message, retryAfterSeconds);
  }
}
