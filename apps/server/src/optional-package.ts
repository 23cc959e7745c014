import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package that only some configurations use (the S3 SDK for STORAGE=s3, pg for DATABASE_URL),
 * loaded the first time it is asked for rather than when the server starts: a server that never
 * needs it neither waits for it nor keeps it in memory. For code that must stay synchronous;
 * elsewhere `await import()` does the same.
 */
export function loadWhenNeeded<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
