import { z } from 'zod';

/** The exact wording of SPEC.md §5, shared by the server and the web forms. */
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

/** Ids are UUIDs (`newId` makes version 7 ones, DESIGN.md §4); nothing else can name a row. */
export const ID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}

/** An id in a path or body; `message` is what a malformed one says. */
export function idField(message: string) {
  return z.string({ error: message }).regex(ID_PATTERN, message);
}

/** Text, at sign, text, dot, text (SPEC.md §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address, trimmed; `requiredMessage` is what a blank one says. */
export function emailField(requiredMessage: string = messages.emailRequired) {
  return text('Email', { error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters`)
    .regex(EMAIL_PATTERN, messages.emailInvalid);
}

export const nameField = text('Name', { error: messages.nameRequired })
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
