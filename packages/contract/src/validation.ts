import { z } from 'zod';

/** The exact wording of docs/product.md §5, shared by the server and the web forms. */
export const messages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  forgotEmailRequired: 'Please enter your email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordTooCommon:
    'This password is too common: it appears in lists of breached passwords. Choose another.',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'You must agree to the terms and conditions',
} as const;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

/**
 * Every text a request carries is free of NUL characters: PostgreSQL cannot store U+0000 in text,
 * so without this rule the same input would be kept by SQLite and be a server error on PostgreSQL.
 */
const NUL = '\u0000';

export function nulMessage(what: string): string {
  return `${what} must not contain NUL characters`;
}

/**
 * The start of every string schema of a request: a string without NUL characters. `what` names
 * the field in the message; `params` are z.string's (its message for a missing value).
 */
export function text(what: string, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !value.includes(NUL), nulMessage(what));
}

/**
 * Terminal escape sequences, removed whole so that none of their parameters is left behind: CSI
 * (`ESC [` or its 8-bit form, parameters, a final letter) and OSC (`ESC ]` … `BEL` or `ESC \`).
 */
const ESCAPE_SEQUENCE =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]?|(?:\u001b\]|\u009d)[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?/g;

/**
 * C0 controls but tab and line feed, DEL, C1 controls, and the bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder how the text around them
 * is shown. The marks U+200E and U+200F, which reorder nothing, are kept.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');

/**
 * The text without control characters and terminal escape sequences (tab and line feed stay):
 * what names, titles and messages are kept as, whether a person typed them or a file's tags
 * said them, so that no answer carries something that acts on a terminal or reorders a page.
 */
export function withoutControlCharacters(value: string): string {
  if (!CONTROL_CHARACTER.test(value)) return value;
  return value.replace(ESCAPE_SEQUENCE, '').replace(CONTROL_CHARACTERS, '');
}

/**
 * `text` for words people read back (names, titles, descriptions, messages): control characters
 * and escape sequences are dropped before the field's own rules (trim, length) apply. A NUL is
 * still refused with the field's message. Not for passwords or tokens, which are kept as sent.
 */
export function plainText(what: string, params?: Parameters<typeof z.string>[0]) {
  return text(what, params).overwrite(withoutControlCharacters);
}

/** Ids are UUIDs (`newId` makes version 7 ones, docs/architecture.md §4); nothing else can name a row. */
export const ID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}

/** An id in a path or body; `message` is what a malformed one says. */
export function idField(message: string) {
  return z.string({ error: message }).regex(ID_PATTERN, message);
}

/** Text, at sign, text, dot, text (docs/product.md §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address, trimmed; `requiredMessage` is what a blank one says. */
export function emailField(requiredMessage: string = messages.emailRequired) {
  return text('Email', { error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters`)
    .regex(EMAIL_PATTERN, messages.emailInvalid);
}

export const nameField = plainText('Name', { error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters`);

/** What a password shorter than `minLength` is told; at 6, the wording of `messages`. */
export function passwordTooShortMessage(minLength: number): string {
  return `Password must be at least ${minLength} characters`;
}

/**
 * A new password: required, at least `minLength` characters (the server's PASSWORD_MIN_LENGTH,
 * which the web reads from GET /api/general/config), at most 128 so that hashing stays cheap.
 * Whether it is too common is the server's check alone: the list stays off the web bundle.
 */
export function newPasswordFieldFor(minLength: number) {
  return text('Password', { error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .min(minLength, passwordTooShortMessage(minLength))
    .max(MAX_PASSWORD_LENGTH, messages.passwordTooLong);
}

/** A new password under the default minimum of 6 characters. */
export const newPasswordField = newPasswordFieldFor(MIN_PASSWORD_LENGTH);

/** `http://` or `https://`, a host, then anything but spaces. */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;

/** An http(s) address of at most `maxLength` characters; `message` says which one is wrong. */
export function webAddress(message: string, maxLength: number) {
  return z.string({ error: message }).trim().max(maxLength, message).regex(WEB_ADDRESS, message);
}
