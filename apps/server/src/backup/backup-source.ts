import path from 'node:path';
import { configurationRecord } from '../config';
import type { Container } from '../container';
import type { BackupSource } from './write-backup';

/** The server's database, secret, configuration and media, as a backup takes them. */
export function backupSourceOf(container: Container): BackupSource {
  const { config } = container;
  return {
    database: container.database,
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'cadenza.db'),
    jwtSecret: container.jwtSecret,
    configuration: configurationRecord(),
    media: container.objects,
    mediaStore: config.storage,
  };
}
