import { boxed } from './text-box';

/**
 * The first administrator's generated credentials, shown once at the first start: in a box, so
 * that they stand out among the log's lines (which are JSON where nobody watches a terminal).
 */
export function firstAdminNotice(email: string, password: string): string {
  const lines = [
    'Administrator account created. These credentials are shown only this once:',
    '',
    `  e-mail:   ${email}`,
    `  password: ${password}`,
    '',
    'Sign in and change the password on the account page.',
  ];
  return boxed(lines);
}
