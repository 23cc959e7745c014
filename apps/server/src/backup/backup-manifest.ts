import { z } from 'zod';

/**
 * What a backup archive (`cadenza-backup-….tar.gz`) holds, said by its last entry,
 * `manifest.json`: every other entry with its size and SHA-256, so that a restore checks the
 * whole archive before it changes anything.
 */

export const MANIFEST_ENTRY = 'manifest.json';
export const SQLITE_ENTRY = 'database/cadenza.db';
export const POSTGRES_ENTRY = 'database/cadenza.sql';
export const SECRET_ENTRY = 'jwt-secret';
export const CONFIGURATION_ENTRY = 'configuration.env';
/** One JSON line per media object: `{ key, bytes, sha256 }` (local) or `{ key, bytes, etag }` (S3). */
export const MEDIA_LIST_ENTRY = 'media-objects.jsonl';
/** With `--with-media`, each local media object as `media/KEY`. */
export const MEDIA_PREFIX = 'media/';

export const BACKUP_FORMAT = 'cadenza-backup';
export const BACKUP_FORMAT_VERSION = 1;

const archivedFile = z.object({
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ArchivedFile = z.infer<typeof archivedFile>;

export const backupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  /** The release that wrote it, and the newest migration its database had run. */
  release: z.string(),
  schema: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  /** PostgreSQL: the schema the dump holds, which a restore recreates. */
  postgresSchema: z.string().nullable(),
  media: z.object({
    store: z.enum(['local', 's3']),
    /** Whether the media were listed (`media-objects.jsonl`) and copied (`media/…`). */
    listed: z.boolean(),
    included: z.boolean(),
    objects: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
  }),
  files: z.array(archivedFile),
});
export type BackupManifest = z.infer<typeof backupManifest>;

/**
 * `cadenza-backup-20261201T181500.123Z.tar.gz`, or of another kind (`cadenza-before-upgrade-…`):
 * names that sort by the time they were taken, to the millisecond.
 */
export function backupFileName(at: Date, kind = 'backup'): string {
  return `cadenza-${kind}-${at.toISOString().replace(/[-:]/g, '')}.tar.gz`;
}
