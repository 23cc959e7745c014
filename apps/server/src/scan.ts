import Fastify, { type FastifyBaseLogger } from 'fastify';
import { libraryMessages, type LibraryScanStatus } from '@cadenza/contract/library';
import { ConfigError, loadConfig } from './config';
import { postgresCatalogueBroadcast, redisCatalogueBroadcast } from './catalogue-broadcast';
import { composeServices } from './composition';
import { createContainer, type Container } from './container';
import { migrateToLatest } from './db/database';
import { connectRedis } from './redis-connection';
import { duration, LINE_MS, progressLine, REDRAW_MS } from './terminal-progress';

/**
 * `npm run scan`: one scan of the music folders (MUSIC_DIR) from a terminal, against the
 * database and data folder the server uses (same environment), with a progress bar on stderr
 * and a summary at the end. It counts the files first, then scans. Exit code 0 when the scan
 * ran to its end (files it could not take are listed, not fatal), 1 when it could not.
 */

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

async function scan(): Promise<number> {
  const config = loadConfig();
  if (config.musicFolders.length === 0) {
    console.error(libraryMessages.notConfigured);
    return 1;
  }
  const container = createContainer(config);
  // The scan logs nothing itself: what it could not take is in the summary.
  const log = Fastify({ logger: false }).log;
  // Server nodes drop the song pages they keep as the scan changes the catalogue: told through
  // Redis when they share one, else through PostgreSQL (SQLite's see the file change).
  const nodes = config.redisUrl
    ? await tellServerNodes(config.redisUrl, config.redisKeyPrefix, container, log)
    : await tellThroughPostgres(config.redisKeyPrefix, container, log);
  try {
    await migrateToLatest(container.database.longWork);
    const scans = composeServices(container, log).libraryScans;
    console.error(`Counting the audio files in ${config.musicFolders.join(', ')}…`);
    const total = await scans.countFiles();
    console.error(`${total} audio files. Scanning…`);

    const terminal = process.stderr.isTTY;
    const startedAt = Date.now();
    let drawnAt = 0;
    const draw = (done: number) => {
      const now = Date.now();
      if (now - drawnAt < (terminal ? REDRAW_MS : LINE_MS)) return;
      drawnAt = now;
      const line = progressLine(done, Math.max(total, done), now - startedAt, 'files');
      process.stderr.write(terminal ? `\r${line}` : `${line}\n`);
    };
    const status = await scans.run((progress) => draw(progress.seen));
    drawnAt = 0;
    draw(status.seen);
    if (terminal) process.stderr.write('\n');
    for (const line of summary(status)) console.error(line);
    const failure = scans.failure();
    if (failure !== null) {
      console.error(`The scan stopped: ${failure}`);
      return 1;
    }
    return 0;
  } finally {
    nodes?.close();
    await container.close();
  }
}

async function tellServerNodes(
  url: string,
  prefix: string,
  container: Container,
  log: FastifyBaseLogger,
): Promise<{ close(): void }> {
  const redis = await connectRedis(url, log);
  const broadcast = await redisCatalogueBroadcast(redis, prefix, container.catalogueChanges, log);
  container.catalogueChanges.connect(broadcast);
  return {
    close: () => {
      broadcast.close();
      redis.close();
    },
  };
}

async function tellThroughPostgres(
  prefix: string,
  container: Container,
  log: FastifyBaseLogger,
): Promise<{ close(): void } | null> {
  const connect = container.database.dedicatedConnection;
  if (!connect) return null;
  const broadcast = await postgresCatalogueBroadcast(
    connect,
    prefix,
    container.catalogueChanges,
    log,
  );
  container.catalogueChanges.connect(broadcast);
  return { close: () => void broadcast.close() };
}

scan().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
