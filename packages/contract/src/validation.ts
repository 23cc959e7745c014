import { z } from 'zod';

/** The exact wording of SPEC.md §5, shared by the server and the web forms. */
export const messages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  forgotEmailRequired: 'Please enter your email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'You must agree to the terms and conditions',
} as const;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

/** Text, at sign, text, dot, text (SPEC.md §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address, trimmed; `requiredMessage` is what a blank one says. */
export function emailField(requiredMessage: string = messages.emailRequired) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters`)
    .regex(EMAIL_PATTERN, messages.emailInvalid);
}

export const nameField = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters`);

/** A new password: required, at least 6 characters, bounded so hashing stays cheap. */
export const newPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
