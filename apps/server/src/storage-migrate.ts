import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { createContainer } from './container';
import { migrateToLatest } from './db/database';
import { ContentTypes } from './modules/delivery/content-types';
import { MediaTypesRepository } from './modules/delivery/media-types.repository';
import { LocalDiskObjectStore } from './storage/local-disk-object-store';
import { migrateObjects, type MigrationReport } from './storage/migrate-objects';
import { createS3Client, S3ObjectStore } from './storage/s3-object-store';
import { duration, progressDrawer } from './terminal-progress';

/**
 * `npm run storage:migrate -- --to s3`: copies the media of DATA_DIR/media into the S3 bucket
 * that S3_BUCKET and its variables name, from a terminal, with the server's environment. Each
 * copy is read back and checked by SHA-256; objects already there are skipped, so it can be
 * stopped (Ctrl-C) and run again. It switches nothing: it prints what to set once it is done.
 * Exit code 0 when every object is in the bucket, 1 otherwise.
 */

const USAGE = 'Usage: npm run storage:migrate -- --to s3';

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function summary(report: MigrationReport, elapsedMs: number): string[] {
  const lines = [
    `${report.interrupted ? 'Stopped' : 'Done'} after ${duration(elapsedMs)}: ` +
      `${report.copied} copied, ${report.replaced} replaced (they differed), ` +
      `${report.skipped} already there, ${report.failures.length} failed ` +
      `of ${report.total} objects; ${megabytes(report.bytes)} written.`,
  ];
  for (const failure of report.failures) lines.push(`  ${failure.key}: ${failure.reason}`);
  return lines;
}

async function migrate(argv: readonly string[]): Promise<number> {
  const { values } = parseArgs({ args: [...argv], options: { to: { type: 'string' } } });
  if (values.to !== 's3') {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  if (!config.s3) {
    console.error(
      'Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT, S3_REGION, ' +
        'S3_FORCE_PATH_STYLE for a store other than AWS) to the bucket to copy the media into.',
    );
    return 1;
  }
  const source = new LocalDiskObjectStore(path.join(config.dataDir, 'media'));
  const target = new S3ObjectStore(createS3Client(config.s3), config.s3.bucket);
  const container = createContainer(config);
  const stop = new AbortController();
  const interrupt = () => {
    console.error('\nStopping after the object in hand; run again to resume.');
    stop.abort();
  };
  process.once('SIGINT', interrupt);
  try {
    await migrateToLatest(container.database.longWork);
    // One clear failure for an unreachable bucket or refused keys, not one per object.
    await target.head('storage-migrate-probe').catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`The bucket ${config.s3?.bucket ?? ''} cannot be reached: ${reason}`);
    });
    const types = new ContentTypes(new MediaTypesRepository(container.database.db));
    console.error(`Copying ${source.root} to the bucket ${config.s3.bucket}…`);
    const progress = progressDrawer('objects');
    const startedAt = Date.now();
    const report = await migrateObjects(source, target, {
      contentTypeOf: (key, head) => types.of(key, head),
      onProgress: (step) => progress.draw(step.done, step.total, step.done === step.total),
      signal: stop.signal,
    });
    progress.end();
    for (const line of summary(report, Date.now() - startedAt)) console.error(line);
    if (report.interrupted || report.failures.length > 0) {
      console.error('Nothing was switched. Run the same command again to finish.');
      return 1;
    }
    console.error(
      [
        'Every object is in the bucket. Nothing was switched: to serve media from it, set',
        '  STORAGE=s3',
        '  MEDIA_DELIVERY=redirect   (or proxy, to stream through the server)',
        'beside the S3_* variables used here, and restart the server.',
        `${source.root} stays as it was; remove it once the server runs from the bucket.`,
      ].join('\n'),
    );
    return 0;
  } finally {
    process.off('SIGINT', interrupt);
    await container.close();
  }
}

migrate(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
