import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { ConfigError, loadConfig, type Config } from '../../config';
import { composeServices, type Services } from '../../composition';
import { createContainer, type Container } from '../../container';
import { findFfmpeg, transcodingSentence } from '../../modules/transcoding/ffmpeg-probe';
import { Transcoder } from '../../modules/transcoding/transcoder';
import { connectRedis } from '../../redis-connection';
import { say, UsageError, type Command } from '../command';

type Outcome = 'ok' | 'warn' | 'FAIL';

interface Finding {
  readonly name: string;
  readonly outcome: Outcome;
  readonly detail: string;
}

/** A check that has not answered by then has failed: the doctor must never hang. */
const CHECK_TIMEOUT_MS = 10_000;

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs one check: its detail when it holds, its cause when it throws, a failure after a while. */
async function checked(
  name: string,
  run: () => Promise<{ outcome?: Outcome; detail: string }>,
): Promise<Finding> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    const found = await Promise.race([run(), late]);
    return { name, outcome: found.outcome ?? 'ok', detail: found.detail };
  } catch (error) {
    return { name, outcome: 'FAIL', detail: reason(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** A database URL without its user and password. */
function databasePlace(config: Config): string {
  if (!config.databaseUrl) return `SQLite at ${path.join(config.dataDir, 'cadenza.db')}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

function storagePlace(config: Config): string {
  if (config.storage === 's3' && config.s3) {
    const endpoint = config.s3.endpoint ?? `AWS ${config.s3.region}`;
    return `the S3 bucket ${config.s3.bucket} at ${endpoint}`;
  }
  return path.join(config.dataDir, 'media');
}

async function database(
  config: Config,
  services: Services,
): Promise<{ outcome?: Outcome; detail: string }> {
  const state = await services.health.migrationState();
  const place = databasePlace(config);
  if (state.unknown.length > 0) {
    return {
      outcome: 'FAIL',
      detail:
        `${place} was changed by a newer release of Cadenza (${state.unknown.length} ` +
        `migrations this one does not know, the last ${state.unknown.at(-1) ?? ''})`,
    };
  }
  if (state.applied === 0) {
    return {
      outcome: 'warn',
      detail: `${place} answers; it is empty until the server first starts`,
    };
  }
  if (state.pending.length > 0) {
    return {
      outcome: 'warn',
      detail: `${place} answers; ${state.pending.length} migrations are pending (the server runs them when it starts)`,
    };
  }
  return { detail: `${place} answers; all ${state.applied} migrations are applied` };
}

async function musicFolders(config: Config): Promise<{ outcome?: Outcome; detail: string }> {
  if (config.musicFolders.length === 0) {
    return { detail: 'MUSIC_DIR is not set: songs come from uploads only' };
  }
  for (const folder of config.musicFolders) {
    await fs.access(folder, fs.constants.R_OK | fs.constants.X_OK).catch(() => {
      throw new Error(`${folder} cannot be read by this user`);
    });
  }
  return { detail: `${config.musicFolders.join(', ')} can be read` };
}

async function ffmpeg(config: Config): Promise<{ outcome?: Outcome; detail: string }> {
  const probe = await findFfmpeg(config.ffmpegPath);
  const formats = new Transcoder({
    ffmpeg: probe.facts,
    concurrency: 1,
    slotWaitMs: 0,
    log: Fastify({ logger: false }).log,
  }).formats();
  return { outcome: probe.facts ? 'ok' : 'warn', detail: transcodingSentence(probe, formats) };
}

async function mail(container: Container): Promise<{ detail: string }> {
  if (!container.mailer.verify) return { detail: 'mail goes to a mailer that cannot be checked' };
  return { detail: await container.mailer.verify() };
}

async function redis(config: Config): Promise<{ outcome?: Outcome; detail: string }> {
  if (!config.redisUrl) return { detail: 'REDIS_URL is not set: this is the only server node' };
  const url = new URL(config.redisUrl);
  const place = `${url.hostname}${url.port ? `:${url.port}` : ''}`;
  const connection = await connectRedis(config.redisUrl, Fastify({ logger: false }).log);
  try {
    await connection.client.ping();
    return { detail: `Redis at ${place} answers` };
  } catch (error) {
    throw new Error(`Redis at ${place} does not answer: ${reason(error)}`);
  } finally {
    connection.close();
  }
}

async function examine(config: Config): Promise<Finding[]> {
  const findings: Finding[] = [
    {
      name: 'configuration',
      outcome: 'ok',
      detail:
        `valid: ${config.production ? 'production' : 'development'}, serving ${config.publicUrl} ` +
        `from ${config.host}:${config.port}, data in ${config.dataDir}`,
    },
  ];
  const container = createContainer(config);
  try {
    const services = composeServices(container, Fastify({ logger: false }).log);
    findings.push(
      ...(await Promise.all([
        checked('database', () => database(config, services)),
        checked('storage', async () => {
          await services.health.probeStorage();
          return { detail: `${storagePlace(config)} can be written to` };
        }),
        checked('music folders', () => musicFolders(config)),
        checked('ffmpeg', () => ffmpeg(config)),
        checked('mail', () => mail(container)),
        checked('redis', () => redis(config)),
      ])),
    );
  } finally {
    await container.close();
  }
  return findings;
}

function report(findings: readonly Finding[]): number {
  const width = Math.max(...findings.map((finding) => finding.name.length));
  for (const finding of findings) {
    say(`  ${finding.outcome.padEnd(4)}  ${finding.name.padEnd(width)}  ${finding.detail}`);
  }
  const count = (outcome: Outcome) => findings.filter((f) => f.outcome === outcome).length;
  const failures = count('FAIL');
  say(
    `${count('ok')} ok, ${count('warn')} ${count('warn') === 1 ? 'warning' : 'warnings'}, ` +
      `${failures} ${failures === 1 ? 'failure' : 'failures'}.`,
  );
  return failures > 0 ? 1 : 0;
}

/**
 * `cadenza doctor`: what this install has, found as the server would find it (configuration,
 * database, storage, music folders, ffmpeg, mail, Redis), without changing anything.
 */
export const doctorCommand: Command = {
  name: 'doctor',
  summary: 'Check the configuration, database, storage, ffmpeg, mail and Redis',
  usage:
    'Usage: cadenza doctor\n\nChecks what the server needs, with the same environment, and ' +
    'prints what it found. It runs no migration and changes no data. Exit code 1 when a check failed.',
  async run(args) {
    if (args.length > 0)
      throw new UsageError(`cadenza doctor takes no arguments (got ${args[0]}).`);
    say('Cadenza doctor: what this install has, as the server would find it.');
    let config: Config;
    try {
      config = loadConfig();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return report([{ name: 'configuration', outcome: 'FAIL', detail: error.message }]);
    }
    return report(await examine(config));
  },
};
