/**
 * Failures of the media storage itself, as opposed to the data given to it: the stores throw
 * these so that the edge can tell a client "try again later" rather than "your request is bad".
 */

/** The disk or the bucket has no room left (ENOSPC, a quota). */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('the media storage is full', { cause });
  }
}

/** The disk or the bucket cannot take the write right now (unreachable, failing, read-only). */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the media storage is unavailable', { cause });
  }
}

/** File-system codes of a disk or a quota that is full. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** S3-compatible stores' names for a full store or an exceeded quota (MinIO and others). */
const FULL_NAMES = new Set([
  'XMinioStorageFull',
  'XMinioAdminBucketQuotaExceeded',
  'QuotaExceeded',
]);

/** True when `error` (or one of its causes) says the storage is full. */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (error instanceof StorageFullError) return true;
  const { code, name, cause } = error as { code?: unknown; name?: unknown; cause?: unknown };
  if (typeof code === 'string' && FULL_CODES.has(code)) return true;
  if (typeof name === 'string' && FULL_NAMES.has(name)) return true;
  return isStorageFull(cause, depth + 1);
}

/** True when `error` (or one of its causes) is a failure of the storage, full or unavailable. */
export function isStorageFailure(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (error instanceof StorageUnavailableError || isStorageFull(error)) return true;
  return isStorageFailure((error as { cause?: unknown }).cause, depth + 1);
}

/**
 * What a store throws for a write that failed on its side: full or unavailable. The caller has
 * already told apart the source's own failures (a client that went away, a file over the limit).
 */
export function storageWriteFailure(error: unknown): Error {
  if (error instanceof StorageFullError || error instanceof StorageUnavailableError) return error;
  return isStorageFull(error) ? new StorageFullError(error) : new StorageUnavailableError(error);
}
