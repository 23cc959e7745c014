import { ConfigError } from '../config';
import { AppError } from '../errors';
import { SERVER_VERSION } from '../modules/subsonic/subsonic-response';
import { say, UsageError, warn, type Command } from './command';
import { backupCommand } from './commands/backup';
import { doctorCommand } from './commands/doctor';
import { restoreCommand } from './commands/restore';
import { scanCommand } from './commands/scan';
import { storageCommand } from './commands/storage';
import { usersCommand } from './commands/users';

const COMMANDS: readonly Command[] = [
  scanCommand,
  backupCommand,
  restoreCommand,
  usersCommand,
  storageCommand,
  doctorCommand,
];

function help(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return [
    `Cadenza ${SERVER_VERSION}: the server's tools, with the environment the server runs with.`,
    '',
    'Usage: cadenza COMMAND [ARGS…]',
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'cadenza COMMAND --help says more about one command.',
  ].join('\n');
}

/** node:util's parseArgs refuses an unknown option or a missing value with these codes. */
const isParseArgsError = (error: unknown): error is TypeError => {
  const code: unknown = error instanceof TypeError ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
};

/**
 * `cadenza COMMAND ARGS…`: runs one command and answers its exit code: 0 done, 1 could not be
 * done (the reason printed), 2 a call it does not understand (with how to call it).
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    say(help());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    say(SERVER_VERSION);
    return 0;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    warn(`cadenza has no command "${name}".\n`);
    warn(help());
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    say(command.usage);
    return 0;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      warn(`${error.message}\n`);
      warn(command.usage);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof AppError) {
      warn(error.message);
      return 1;
    }
    throw error;
  }
}
