import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createContainer } from './container';
import { serveMetrics } from './metrics/metrics-server';
import { firstAdminNotice } from './first-admin-notice';
import { redactText } from './plugins/log-redaction';
import { readableLogStream } from './plugins/readable-log';
import { transcodingSentence } from './modules/transcoding/ffmpeg-probe';
import { prepareDatabase } from './start-up';
import { backupSourceOf } from './backup/backup-source';
import { ScheduledBackups } from './backup/scheduled-backups';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built web app sits beside the server in the repository: apps/web/dist. */
const WEB_ROOT = path.resolve(here, '../../web/dist');

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const container = createContainer(config);
  const { database } = container;
  // On a terminal a person reads the log; elsewhere (a container, a service) it is JSON lines.
  const readable =
    config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY);
  const { app, services, metrics } = await buildServer(container, {
    webRoot: WEB_ROOT,
    logger: readable ? { level: config.logLevel, stream: readableLogStream(process.stdout) } : true,
  });
  app.addHook('onClose', async () => container.close());
  database.onConnectionError((error) =>
    app.log.warn({ err: error }, 'database connection lost; a new one is opened when needed'),
  );
  const admin = await prepareDatabase(container, services.startUp, app.log);
  const { ffmpeg } = services;
  app.log.info(
    ffmpeg.facts ? { ffmpeg: ffmpeg.facts.path, version: ffmpeg.facts.version } : {},
    transcodingSentence(ffmpeg, services.transcoder.formats()),
  );

  // Leftovers of a crash (orphaned media, unfinished uploads), spent rows and old outbox mail:
  // swept now (on SQLite for everything older than this start), then hourly, by one node at a
  // time.
  const maintenance = services.maintenance.schedule();
  app.addHook('preClose', () => maintenance.stop());

  // Listens queued for ListenBrainz and Last.fm, sent in the background by every node (each
  // claims the ones it sends), retried later while a service is down.
  services.scrobbleSender.start();
  app.addHook('preClose', () => services.scrobbleSender.stop());

  // Podcast feeds read again on a schedule, by one node at a time.
  if (config.podcastRefreshMinutes > 0) {
    const podcasts = services.podcasts.schedule(config.podcastRefreshMinutes * 60_000);
    app.addHook('preClose', () => podcasts.stop());
  }

  // Backups at the times BACKUP_SCHEDULE names, by one node at a time.
  if (config.backups.schedule) {
    const backups = new ScheduledBackups({
      source: backupSourceOf(container),
      locks: container.locks,
      dir: config.backups.dir,
      schedule: config.backups.schedule,
      keep: config.backups.keep,
      log: app.log,
    }).start();
    app.addHook('preClose', () => backups.stop());
  }

  if (admin?.generatedPassword) {
    console.info(firstAdminNotice(admin.email, admin.generatedPassword));
  }

  let closing = false;
  const shutDown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutDown('SIGTERM'));
  process.once('SIGINT', () => shutDown('SIGINT'));

  // Prometheus' scraper may have a port of its own; it opens with the app and closes with it.
  if (metrics && config.metrics.port !== null) {
    const metricsServer = await serveMetrics(metrics, {
      port: config.metrics.port,
      host: config.host,
      token: config.metrics.token,
    });
    app.addHook('onClose', () => metricsServer.close());
    app.log.info({ port: metricsServer.port }, 'metrics served on their own port');
  }
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.info(`Cadenza is ready on http://${shownHost}:${config.port}`);
}

main().catch((error: unknown) => {
  // A failure to connect may quote a URL: its password and tokens are not shown.
  console.error(redactText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
