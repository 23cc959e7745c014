import type { FieldError } from '@cadenza/contract/envelope';

/** The one error vocabulary of the server; the error handler maps each to DESIGN.md §5's envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(message: string, errors?: FieldError[]) {
    super(400, message, errors);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Please log in to continue.') {
    super(401, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do that.') {
    super(403, message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooLarge extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

export class UnsupportedType extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

export class RateLimited extends AppError {
  constructor(message = 'Too many attempts. Please wait a moment and try again.') {
    super(429, message);
  }
}

export class UpstreamFailed extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}

/** A dependency (the database) cannot be reached right now; worth retrying after a moment. */
export class ServiceUnavailable extends AppError {
  constructor(
    message: string,
    /** Sent as `Retry-After`. */
    readonly retryAfterSeconds = 5,
  ) {
    super(503, message);
  }
}
