import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createUserBodySchema } from '@cadenza/contract/accounts';
import { roleSchema, type Role } from '@cadenza/contract/auth';
import type { Services } from '../../composition';
import { Invalid, NotFound } from '../../errors';
import type { UserRecord } from '../../modules/users/user-record';
import { boxed } from '../../text-box';
import { say, UsageError, type Command } from '../command';
import { withServices } from '../open-services';

const USAGE = [
  'Usage:',
  '  cadenza users list',
  '  cadenza users create EMAIL --name NAME [--role user|admin] [--password-stdin]',
  '  cadenza users set-role EMAIL user|admin',
  '  cadenza users reset-password EMAIL [--password-stdin]',
  '  cadenza users disable EMAIL',
  '  cadenza users enable EMAIL',
  '',
  'A new account and a reset one get a temporary password, generated and shown once unless one',
  'is read from standard input (--password-stdin); its owner replaces it at the next sign-in.',
  'The site always keeps an active administrator.',
].join('\n');

const PAGE = 200;

/** A temporary password as the first administrator's is made: 16 characters, 96 bits. */
const generatedPassword = () => randomBytes(12).toString('base64url');

/** The first line of standard input (a password piped in, or typed and ended with Enter). */
async function passwordFromStdin(): Promise<string> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function accountOf(services: Services, email: string | undefined): Promise<UserRecord> {
  if (!email) throw new UsageError('Name the account by its e-mail address.');
  const user = await services.users.findByEmail(email.toLowerCase());
  if (!user) throw new NotFound(`There is no account with the e-mail ${email}.`, 'user_not_found');
  return user;
}

function status(user: UserRecord): string {
  if (user.disabled) return 'disabled';
  return user.passwordChangeRequired ? 'temporary password' : 'active';
}

/** Rows under a header, each column as wide as its widest cell. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]?.map((_cell, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

async function list(services: Services): Promise<number> {
  const rows = [['EMAIL', 'NAME', 'ROLE', 'STATUS', 'CREATED', 'LAST ACTIVE']];
  let cursor: string | undefined;
  do {
    const page = await services.users.page({ limit: PAGE, ...(cursor ? { cursor } : {}) });
    for (const user of page.items) {
      rows.push([
        user.email,
        user.name,
        user.role,
        status(user),
        user.createdAt.slice(0, 10),
        user.lastActiveAt?.slice(0, 16).replace('T', ' ') ?? 'never',
      ]);
    }
    cursor = page.nextCursor;
  } while (cursor);
  for (const line of table(rows)) say(line);
  say(`${rows.length - 1} ${rows.length === 2 ? 'account' : 'accounts'}.`);
  return 0;
}

function temporaryPasswordNotice(email: string, password: string, generated: boolean): void {
  if (!generated) {
    say(`${email} signs in with the password given and replaces it at the next sign-in.`);
    return;
  }
  say(
    boxed([
      `Temporary password for ${email}, shown only this once:`,
      '',
      `  ${password}`,
      '',
      'They choose their own password at the next sign-in.',
    ]),
  );
}

async function create(services: Services, args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      role: { type: 'string', default: 'user' },
      'password-stdin': { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) throw new UsageError('Give the new account one e-mail address.');
  if (values.name === undefined) throw new UsageError('Give the new account a --name.');
  const generated = !values['password-stdin'];
  const password = generated ? generatedPassword() : await passwordFromStdin();
  const body = createUserBodySchema.safeParse({
    email: positionals[0],
    name: values.name,
    role: values.role,
    password,
  });
  if (!body.success) {
    throw new Invalid(body.error.issues[0]?.message ?? 'The account is not valid.');
  }
  const user = await services.accounts.create(body.data);
  say(
    `Created ${user.email} (${user.name}), ${user.role === 'admin' ? 'an administrator' : 'a listener'}.`,
  );
  temporaryPasswordNotice(user.email, password, generated);
  return 0;
}

async function setRole(services: Services, args: readonly string[]): Promise<number> {
  const [email, roleText, ...extra] = args;
  const role = roleSchema.safeParse(roleText);
  if (!role.success || extra.length > 0) throw new UsageError('Say the role: user or admin.');
  const user = await accountOf(services, email);
  const changed = await services.accounts.changeRole(user.id, role.data satisfies Role);
  say(`${changed.email} is now ${changed.role === 'admin' ? 'an administrator' : 'a listener'}.`);
  return 0;
}

async function resetPassword(services: Services, args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { 'password-stdin': { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new UsageError('Name one account by its e-mail address.');
  const user = await accountOf(services, positionals[0]);
  const generated = !values['password-stdin'];
  const password = generated ? generatedPassword() : await passwordFromStdin();
  await services.accounts.setTemporaryPassword(user.id, password);
  say(`${user.email}'s sessions and app keys are signed out.`);
  temporaryPasswordNotice(user.email, password, generated);
  return 0;
}

async function setDisabled(
  services: Services,
  args: readonly string[],
  disabled: boolean,
): Promise<number> {
  if (args.length !== 1) throw new UsageError('Name one account by its e-mail address.');
  const user = await accountOf(services, args[0]);
  const changed = await services.accounts.setDisabled(user.id, disabled);
  say(
    disabled
      ? `${changed.email} is disabled: its sessions and app keys stopped working.`
      : `${changed.email} can sign in again.`,
  );
  return 0;
}

/** `cadenza users …`: what an administrator does to accounts, from a terminal. */
export const usersCommand: Command = {
  name: 'users',
  summary: 'List accounts; create one, change its role, reset its password, disable it',
  usage: USAGE,
  run(args) {
    const [action, ...rest] = args;
    const actions: Record<string, (services: Services) => Promise<number>> = {
      list: async (services) => {
        if (rest.length > 0) throw new UsageError('cadenza users list takes no arguments.');
        return list(services);
      },
      create: (services) => create(services, rest),
      'set-role': (services) => setRole(services, rest),
      'reset-password': (services) => resetPassword(services, rest),
      disable: (services) => setDisabled(services, rest, true),
      enable: (services) => setDisabled(services, rest, false),
    };
    const chosen = action === undefined ? undefined : actions[action];
    if (!chosen) {
      throw new UsageError(
        action === undefined ? 'Say what to do with the accounts.' : `No users action "${action}".`,
      );
    }
    return withServices(({ services }) => chosen(services));
  },
};
