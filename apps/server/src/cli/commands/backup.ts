import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '../../backup/write-backup';
import { backupSourceOf } from '../../backup/backup-source';
import { countedRows } from '../../db/database-copies';
import { say, warn, type Command } from '../command';
import { withServices } from '../open-services';
import { megabytes, progressDrawer } from '../progress';
import { plural, rowSummary } from './backup-words';

const USAGE = [
  'Usage: cadenza backup [--to DIR] [--with-media] [--no-media-list]',
  '',
  'Writes one archive of the server while it runs: a consistent copy of the database (SQLite',
  'through its online backup; PostgreSQL through pg_dump), the signing secret, the configuration',
  'it runs with (secrets marked, not kept), and a list of the media objects with their sizes and',
  'hashes. The archive holds the signing secret: keep it as safe as the server itself.',
  '',
  'Options:',
  '  --to DIR          where to write it (default: BACKUP_DIR, else DATA_DIR/backups)',
  '  --with-media      copy the local media into it as well (media in S3 are listed, not copied)',
  '  --no-media-list   leave the media list out (a large local library is read whole to hash it)',
  '',
  'cadenza restore ARCHIVE puts it back.',
].join('\n');

/** `cadenza backup`: one archive of the database, secret, configuration and media list. */
export const backupCommand: Command = {
  name: 'backup',
  summary: 'Write a backup archive of the running server (database, secret, media list)',
  usage: USAGE,
  async run(args) {
    const { values } = parseArgs({
      args: [...args],
      options: {
        to: { type: 'string' },
        'with-media': { type: 'boolean', default: false },
        'no-media-list': { type: 'boolean', default: false },
      },
      strict: true,
    });
    // The schema stays as it is: a backup is of the database as the running server has it.
    return withServices(
      async ({ config, container }) => {
        const to = values.to === undefined ? config.backups.dir : path.resolve(values.to);
        const progress = progressDrawer('media objects');
        const report = await writeBackup(backupSourceOf(container), {
          to,
          withMedia: values['with-media'],
          listMedia: !values['no-media-list'],
          onStep: warn,
          onMediaProgress: (done, total) => progress.draw(done, total, done === total),
        });
        progress.end();
        const { media } = report.manifest;
        warn(`Backed up ${rowSummary(await countedRows(container.database.db))}.`);
        if (media.listed || media.included) {
          warn(
            `${plural(media.objects, 'media object', 'media objects')} (${megabytes(media.bytes)}) ` +
              `${media.included ? 'copied into it' : 'listed'}.`,
          );
        }
        say(`${report.file} (${megabytes(report.bytes)})`);
        return 0;
      },
      { migrate: false },
    );
  },
};
