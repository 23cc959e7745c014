import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { LocalDiskObjectStore } from '../../storage/local-disk-object-store';
import { migrateObjects, type MigrationReport } from '../../storage/migrate-objects';
import { createS3Client, S3ObjectStore } from '../../storage/s3-object-store';
import { UsageError, warn, type Command } from '../command';
import { withServices } from '../open-services';
import { duration, megabytes, progressDrawer } from '../progress';

const USAGE = [
  'Usage: cadenza storage migrate --to s3',
  '',
  'Copies the media of DATA_DIR/media into the bucket S3_BUCKET and its variables name. Each copy',
  'is read back and checked by SHA-256; objects already there are skipped, so it can be stopped',
  '(Ctrl-C) and run again. It switches nothing: it prints what to set once it is done.',
].join('\n');

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

async function migrateToS3(): Promise<number> {
  const config = loadConfig();
  const s3 = config.s3;
  if (!s3) {
    warn(
      'Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT, S3_REGION, ' +
        'S3_FORCE_PATH_STYLE for a store other than AWS) to the bucket to copy the media into.',
    );
    return 1;
  }
  const source = new LocalDiskObjectStore(path.join(config.dataDir, 'media'));
  const target = new S3ObjectStore(createS3Client(s3), s3.bucket);
  const stop = new AbortController();
  const interrupt = () => {
    warn('\nStopping after the object in hand; run again to resume.');
    stop.abort();
  };
  process.once('SIGINT', interrupt);
  try {
    return await withServices(async ({ services }) => {
      // One clear failure for an unreachable bucket or refused keys, not one per object.
      await target.head('storage-migrate-probe').catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`The bucket ${s3.bucket} cannot be reached: ${reason}`);
      });
      warn(`Copying ${source.root} to the bucket ${s3.bucket}…`);
      const progress = progressDrawer('objects');
      const startedAt = Date.now();
      const report = await migrateObjects(source, target, {
        contentTypeOf: (key, head) => services.contentTypes.of(key, head),
        onProgress: (step) => progress.draw(step.done, step.total, step.done === step.total),
        signal: stop.signal,
      });
      progress.end();
      for (const line of summary(report, Date.now() - startedAt)) warn(line);
      if (report.interrupted || report.failures.length > 0) {
        warn('Nothing was switched. Run the same command again to finish.');
        return 1;
      }
      warn(
        [
          'Every object is in the bucket. Nothing was switched: to serve media from it, set',
          '  STORAGE=s3',
          '  MEDIA_DELIVERY=redirect   (or proxy, to stream through the server)',
          'beside the S3_* variables used here, and restart the server.',
          `${source.root} stays as it was; remove it once the server runs from the bucket.`,
        ].join('\n'),
      );
      return 0;
    });
  } finally {
    process.off('SIGINT', interrupt);
  }
}

/** `cadenza storage migrate --to s3`: the media of a local data folder into a bucket. */
export const storageCommand: Command = {
  name: 'storage',
  summary: 'Copy the local media into an S3 bucket (storage migrate --to s3)',
  usage: USAGE,
  async run(args) {
    const [action, ...rest] = args;
    if (action !== 'migrate') throw new UsageError('cadenza storage knows one action: migrate.');
    const { values } = parseArgs({
      args: [...rest],
      options: { to: { type: 'string' } },
      strict: true,
    });
    if (values.to !== 's3') throw new UsageError('Say where to: --to s3.');
    return migrateToS3();
  },
};
