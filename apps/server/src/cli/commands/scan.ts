import { libraryMessages, type LibraryScanStatus } from '@cadenza/contract/library';
import { loadConfig } from '../../config';
import { UsageError, warn, type Command } from '../command';
import { withServices } from '../open-services';
import { duration, progressDrawer } from '../progress';

/** The end of a scan in words: its counts, the files it could not take, the edits it replaced. */
function summary(status: LibraryScanStatus): string[] {
  const rate = status.elapsedMs > 0 ? Math.round((status.seen * 1000) / status.elapsedMs) : 0;
  const lines = [
    `Scanned ${status.seen} files in ${duration(status.elapsedMs)} (${rate} files/s): ` +
      `${status.added} added, ${status.updated} updated, ${status.moved} moved, ` +
      `${status.removed} removed, ${status.unchanged} unchanged, ${status.errorCount} errors.`,
  ];
  for (const error of status.errors) lines.push(`  ${error.path || '(scan)'}: ${error.message}`);
  if (status.errorCount > status.errors.length) {
    lines.push(`  … and ${status.errorCount - status.errors.length} more.`);
  }
  if (status.replacedEdits.length > 0) lines.push('Edits replaced by changed files:');
  for (const { path, fields } of status.replacedEdits)
    lines.push(`  ${path}: ${fields.join(', ')}`);
  return lines;
}

/**
 * One scan of the music folders (MUSIC_DIR): it counts the files first, then scans with a
 * progress bar, and sums up. Files it could not take are listed, not fatal.
 */
export const scanCommand: Command = {
  name: 'scan',
  summary: 'Scan the music folders (MUSIC_DIR) once, with progress',
  usage:
    'Usage: cadenza scan\n\nScans every folder of MUSIC_DIR for added, changed, moved and removed audio files.',
  async run(args) {
    if (args.length > 0) throw new UsageError(`cadenza scan takes no arguments (got ${args[0]}).`);
    if (loadConfig().musicFolders.length === 0) {
      warn(libraryMessages.notConfigured);
      return 1;
    }
    return withServices(async ({ config, services }) => {
      const scans = services.libraryScans;
      warn(`Counting the audio files in ${config.musicFolders.join(', ')}…`);
      const total = await scans.countFiles();
      warn(`${total} audio files. Scanning…`);
      const progress = progressDrawer('files');
      const status = await scans.run((step) => progress.draw(step.seen, total));
      progress.draw(status.seen, total, true);
      progress.end();
      for (const line of summary(status)) warn(line);
      const failure = scans.failure();
      if (failure !== null) {
        warn(`The scan stopped: ${failure}`);
        return 1;
      }
      return 0;
    });
  },
};
