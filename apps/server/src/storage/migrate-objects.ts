import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ObjectHead, ObjectInventory, ObjectStore } from './object-store';

/** What happened to one object. */
export type CopyOutcome =
  /** The target had it already, byte for byte. */
  | 'skipped'
  /** Copied and read back whole. */
  | 'copied'
  /** The target had a copy that differed (a damaged or unfinished one): copied again. */
  | 'replaced';

export interface MigrationProgress {
  readonly done: number;
  readonly total: number;
  readonly bytes: number;
  readonly key: string;
  readonly outcome: CopyOutcome;
}

export interface CopyFailure {
  readonly key: string;
  readonly reason: string;
}

export interface MigrationReport {
  readonly total: number;
  readonly copied: number;
  readonly replaced: number;
  readonly skipped: number;
  /** Bytes written to the target. */
  readonly bytes: number;
  readonly failures: readonly CopyFailure[];
  /** Stopped by the signal before every object was looked at; running again resumes. */
  readonly interrupted: boolean;
}

export interface MigrateOptions {
  /** The Content-Type to store with an object (the source may not keep one). */
  contentTypeOf(key: string, head: ObjectHead): Promise<string>;
  /** Called after each object. */
  onProgress?(progress: MigrationProgress): void;
  /** Stops after the object in hand: what is copied stays, and a later run skips it. */
  readonly signal?: AbortSignal;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every object of `source` to `target` under the same key, one at a time and streamed.
 * Idempotent and resumable: an object the target has with the same size and SHA-256 is
 * skipped, so a run that stopped anywhere is finished by running again. Each copy is read back
 * and its SHA-256 compared with the source's; a copy that differs is a failure, reported and
 * left for the next run to replace. Nothing else changes: the source keeps every object.
 */
export async function migrateObjects(
  source: ObjectStore & ObjectInventory,
  target: ObjectStore,
  options: MigrateOptions,
): Promise<MigrationReport> {
  // The keys only (a few dozen bytes each), so that the progress has a total.
  const keys: string[] = [];
  for await (const listing of source.list()) keys.push(listing.key);
  const counts = { copied: 0, replaced: 0, skipped: 0, bytes: 0 };
  const failures: CopyFailure[] = [];
  let done = 0;
  for (const key of keys) {
    if (options.signal?.aborted) {
      return { total: keys.length, ...counts, failures, interrupted: true };
    }
    const head = await source.head(key);
    // Removed since it was listed (the server may be running): nothing to copy.
    if (!head) {
      done += 1;
      continue;
    }
    try {
      const outcome = await copyOne(source, target, key, head, options);
      counts[outcome] += 1;
      if (outcome !== 'skipped') counts.bytes += head.bytes;
      done += 1;
      options.onProgress?.({ done, total: keys.length, bytes: counts.bytes, key, outcome });
    } catch (error) {
      done += 1;
      failures.push({ key, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { total: keys.length, ...counts, failures, interrupted: false };
}

async function copyOne(
  source: ObjectStore,
  target: ObjectStore,
  key: string,
  head: ObjectHead,
  options: MigrateOptions,
): Promise<CopyOutcome> {
  const existing = await target.head(key);
  let outcome: CopyOutcome = existing ? 'replaced' : 'copied';
  if (existing?.bytes === head.bytes) {
    const [had, wanted] = await Promise.all([
      sha256Of(await target.get(key)),
      sha256Of(await source.get(key)),
    ]);
    if (had === wanted) return 'skipped';
    outcome = 'replaced';
  }
  const put = await target.put(key, await source.get(key), {
    contentType: await options.contentTypeOf(key, head),
  });
  const readBack = await sha256Of(await target.get(key));
  if (readBack !== put.sha256) {
    throw new Error(
      `the copy reads back as sha256 ${readBack}, not ${put.sha256}: it is corrupted ` +
        '(run again to copy it anew)',
    );
  }
  return outcome;
}
