/** True for a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: 23505 unique_violation. better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY.
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** True when a row points at a parent that does not exist (or no longer does), on either dialect. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: 23503 foreign_key_violation. better-sqlite3: SQLITE_CONSTRAINT_FOREIGNKEY.
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * True for a transaction that lost a race with another and may simply be run again: a deadlock,
 * a serialization failure, or a key or reference a concurrent commit made stale (a row it found
 * was deleted, or one it did not find was inserted, between its statements).
 */
export function isConcurrencyConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '40P01' || code === '40001' || code === '23503' || code === '23505';
}

/** SQLSTATEs of a server that is going away, coming back, or full (not of a bad query). */
const POSTGRES_UNAVAILABLE = new Set([
  '57P01', // admin_shutdown: a fast shutdown or restart ended the session
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '57014', // query_canceled: the statement outlived statement_timeout (or was cancelled)
]);
/**
 * Socket failures on the way to the database server. Only with a `syscall` (connect, read,
 * write): a browser that hangs up mid-request raises ECONNRESET too, but without one.
 */
const NETWORK_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** node-postgres and its pool say these in words, without a code. */
const POSTGRES_UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or due to connection timeout
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/, // a client whose connection already failed, or was abandoned
  /^Query read timeout$/, // no answer within query_timeout: the server is stalled or cut off
];

/**
 * True when the database cannot be reached right now, as opposed to a query it refused: its
 * server restarts, is down or does not answer within the statement limit, the network to it
 * fails, or (SQLite) another process keeps it locked longer than the busy timeout. Looks through `cause` and AggregateError's `errors`.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, syscall, message, cause, errors } = error as {
    code?: unknown;
    syscall?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (POSTGRES_UNAVAILABLE.has(code) || code.startsWith('08')) return true; // 08: connection_exception
    if (NETWORK_UNAVAILABLE.has(code) && typeof syscall === 'string') return true;
    // SQLITE_BUSY and SQLITE_LOCKED with their extended codes (SQLITE_BUSY_SNAPSHOT, ...).
    if (/^SQLITE_(BUSY|LOCKED)(_|$)/.test(code)) return true;
  }
  if (
    typeof message === 'string' &&
    POSTGRES_UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))
  ) {
    return true;
  }
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}
