import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AfterAnswer } from './after-answer';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { nodeLocks, type NodeLocks } from './db/node-locks';
import { OutboxMailer, SmtpMailer, type Mailer } from './mail/mailer';
import { argon2idPasswords, type PasswordHasher } from './modules/auth/passwords';
import { COMMON_PASSWORDS_ASSET, loadCommonPasswords } from './modules/auth/common-passwords';
import { PasswordPolicy } from './modules/auth/password-policy';
import { LibraryFilesRepository, PENDING_MTIME } from './modules/library/library-files.repository';
import { fileInFolder } from './modules/library/library-paths';
import { CATALOGUE_TABLES, CatalogueChanges } from './catalogue-changes';
import { SessionCache } from './modules/auth/session-cache';
import { MediaUrls } from './modules/delivery/media-urls';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limits';
import { resolveJwtSecret } from './secrets';
import { LibraryObjectStore, type LibraryFiles } from './storage/library-object-store';
import { StaleLibraryFiles } from './storage/stale-library-files';
import { AccelRedirects } from './storage/accel-redirects';
import { DirectLinks } from './storage/direct-links';
import { LocalDiskObjectStore } from './storage/local-disk-object-store';
import type { ObjectInventory, ObjectStore } from './storage/object-store';
import { bucketOrigin, createS3Client, S3ObjectStore } from './storage/s3-object-store';

const here = path.dirname(fileURLToPath(import.meta.url));
/** src/ (tsx) and dist/ (the bundle) both sit one level below apps/server. */
export const ASSETS_DIR = path.resolve(here, '../assets');

/** What every module is built from: configuration and the infrastructure it runs on. */
export interface Container {
  readonly config: Config;
  readonly database: DatabaseHandle;
  /** Work one server node at a time does: start-up, maintenance sweeps, library scans. */
  readonly locks: NodeLocks;
  readonly jwtSecret: string;
  readonly mailer: Mailer;
  /**
   * Uploaded and imported media, and the files of the folders scanned in place (read-only, under
   * `audio/library/`); the inventory lets the maintenance sweeps find orphans among the former.
   */
  readonly objects: ObjectStore & ObjectInventory;
  /**
   * Finished transcodes: beside the data on this node's disk, or in the bucket (under
   * `transcodes/`) where the media is, so that every node answers from what any node made.
   */
  readonly transcodes: ObjectStore & ObjectInventory;
  /** Presigned URLs of `objects` for MEDIA_DELIVERY=redirect (none otherwise). */
  readonly directLinks: DirectLinks;
  /** X-Accel-Redirect paths of `objects` for MEDIA_DELIVERY=accel (none otherwise). */
  readonly accelRedirects: AccelRedirects;
  /** Origins other than the app's that media is loaded from (the bucket, when redirecting). */
  readonly mediaOrigins: readonly string[];
  /** The bundled default images (apps/server/assets/defaults), served under /media/defaults. */
  readonly defaultImages: ObjectStore;
  readonly mediaUrls: MediaUrls;
  readonly rateLimits: RateLimits;
  readonly passwords: PasswordHasher;
  /** What a new password must be (PASSWORD_MIN_LENGTH, at most 128, not a common one). */
  readonly passwordPolicy: PasswordPolicy;
  /**
   * Sessions checked recently, on this node. Trusted alone on SQLite (one node); with
   * PostgreSQL only once buildApp connects it to the other nodes through Redis.
   */
  readonly sessionCache: SessionCache;
  /**
   * Every change to the songs, albums, artists and covers, made on this node (its database tells)
   * or, once buildApp connects it through Redis, on another one: what is kept of them is dropped.
   */
  readonly catalogueChanges: CatalogueChanges;
  /** Scanned files found changed when served: the library module scans them again. */
  readonly staleLibraryFiles: StaleLibraryFiles;
  /** The bundled demo library (apps/server/assets/demo). */
  readonly demoLibraryDir: string;
  /** Work requests leave for after their answer; settled before the database closes. */
  readonly afterAnswer: AfterAnswer;
  /** The time account rules are measured by (re-authentication windows, link expiries). */
  readonly clock: () => Date;
  close(): Promise<void>;
}

export interface ContainerOptions {
  /** Tests sign with a fixed key; otherwise JWT_SECRET or the one kept in DATA_DIR. */
  readonly jwtSecret?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  readonly postgresSchema?: string;
  readonly rateLimits?: RateLimits;
  /** Tests count the hasher's calls through a wrapper. */
  readonly passwords?: PasswordHasher;
  /** SQLite's wait for another process's lock (tests shorten it). */
  readonly sqliteBusyTimeoutMs?: number;
  /** Tests keep every message in the outbox, even with SMTP_URL set. */
  readonly mailer?: Mailer;
  /** An already open database (benchmarks fill one before the server starts). */
  readonly database?: DatabaseHandle;
  /** Hears the SQL of every statement run (tests count them). */
  readonly onQuery?: (sql: string) => void;
  /** Tests move time forward instead of waiting (re-authentication, link expiries). */
  readonly clock?: () => Date;
}

function createMailer(config: Config): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom);
}

/** Finds a scanned file by its row, only inside the folders MUSIC_DIR names now. */
function libraryFilesOf(
  config: Config,
  database: DatabaseHandle,
  stale: StaleLibraryFiles,
): LibraryFiles {
  const files = new LibraryFilesRepository(database.db);
  const folders = new Set(config.musicFolders);
  return {
    async find(id) {
      if (folders.size === 0) return null;
      const facts = await files.factsOf(id);
      if (!facts || !folders.has(facts.folder)) return null;
      const file = fileInFolder(facts.folder, facts.path);
      if (file === null) return null;
      const { folder, bytes, mtimeMs, identity } = facts;
      return { folder, file, bytes, mtimeMs: mtimeMs === PENDING_MTIME ? null : mtimeMs, identity };
    },
    stale: (id) => stale.report(id),
  };
}

interface MediaStorage {
  readonly store: ObjectStore & ObjectInventory;
  readonly transcodes: ObjectStore & ObjectInventory;
  readonly directLinks: DirectLinks;
  readonly origins: readonly string[];
}

/** Where the bucket keeps finished transcodes, apart from the media (never swept as orphans). */
const TRANSCODES_PREFIX = 'transcodes/';

/** Uploaded media in DATA_DIR/media or in the S3 bucket (STORAGE), and how clients reach it. */
function createMediaStorage(config: Config): MediaStorage {
  if (config.storage === 's3' && config.s3) {
    const client = createS3Client(config.s3);
    const store = new S3ObjectStore(client, config.s3.bucket);
    const redirect = config.mediaDelivery === 'redirect';
    return {
      store,
      transcodes: new S3ObjectStore(client, config.s3.bucket, TRANSCODES_PREFIX),
      directLinks: new DirectLinks(redirect ? store : null),
      origins: redirect ? [bucketOrigin(config.s3)] : [],
    };
  }
  return {
    store: new LocalDiskObjectStore(path.join(config.dataDir, 'media')),
    transcodes: new LocalDiskObjectStore(path.join(config.dataDir, 'transcodes')),
    directLinks: new DirectLinks(null),
    origins: [],
  };
}

/** Wires the infrastructure once; shared by main.ts, the tests and the benchmarks. */
export function createContainer(config: Config, options: ContainerOptions = {}): Container {
  const jwtSecret = options.jwtSecret ?? resolveJwtSecret(config.jwtSecret, config.dataDir);
  // A database opened elsewhere does not tell of its writes: nothing of the catalogue is kept.
  const catalogueChanges = new CatalogueChanges(!config.databaseUrl, !options.database);
  const database =
    options.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      sqlitePath: path.join(config.dataDir, 'cadenza.db'),
      statementTimeoutMs: config.dbStatementTimeoutMs,
      ...(options.postgresSchema ? { postgresSchema: options.postgresSchema } : {}),
      ...(options.sqliteBusyTimeoutMs ? { sqliteBusyTimeoutMs: options.sqliteBusyTimeoutMs } : {}),
      ...(options.onQuery ? { onQuery: options.onQuery } : {}),
      watch: { tables: CATALOGUE_TABLES, writes: catalogueChanges },
    });
  const sessionCache = new SessionCache(!config.databaseUrl);
  if (database.writesElsewhere && !options.database) {
    catalogueChanges.watchWritesElsewhere(database.writesElsewhere);
    sessionCache.watchWritesElsewhere(database.writesElsewhere);
  }
  const media = createMediaStorage(config);
  const staleLibraryFiles = new StaleLibraryFiles();
  const afterAnswer = new AfterAnswer();
  return {
    config,
    database,
    locks: nodeLocks(database.longWork, database.dialect),
    jwtSecret,
    mailer: options.mailer ?? createMailer(config),
    objects: new LibraryObjectStore(
      media.store,
      libraryFilesOf(config, database, staleLibraryFiles),
    ),
    transcodes: media.transcodes,
    directLinks: media.directLinks,
    accelRedirects: new AccelRedirects(
      config.mediaDelivery === 'accel' ? config.mediaAccelPrefix : null,
    ),
    mediaOrigins: media.origins,
    defaultImages: new LocalDiskObjectStore(path.join(ASSETS_DIR, 'defaults')),
    mediaUrls: new MediaUrls(jwtSecret, { signImages: config.siteMode === 'private' }),
    rateLimits: options.rateLimits ?? DEFAULT_RATE_LIMITS,
    passwords: options.passwords ?? argon2idPasswords,
    passwordPolicy: new PasswordPolicy(
      config.passwordMinLength,
      loadCommonPasswords(path.join(ASSETS_DIR, COMMON_PASSWORDS_ASSET)),
    ),
    sessionCache,
    catalogueChanges,
    staleLibraryFiles,
    demoLibraryDir: path.join(ASSETS_DIR, 'demo'),
    afterAnswer,
    clock: options.clock ?? (() => new Date()),
    close: async () => {
      await afterAnswer.settle();
      await database.close();
    },
  };
}
