import { z } from 'zod';
import { userSchema } from './auth';
import {
  emailField,
  MAX_PASSWORD_LENGTH,
  messages,
  nameField,
  newPasswordField,
  text,
} from './validation';

/** How long a session's last sign-in counts for creating an app key without asking again. */
export const REAUTHENTICATION_WINDOW_MINUTES = 10;

export const accountMessages = {
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'That is not your current password',
  emailUnchanged: 'This is already your e-mail address',
  emailChangeSent:
    'We sent a confirmation link to your new address. Your e-mail changes once you open it.',
  emailChanged: 'Your e-mail address has been changed.',
  invalidEmailChangeLink:
    'This confirmation link is invalid, was already used or has expired. Please ask for a new one.',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  nameChanged: 'Your name has been saved.',
  sessionSignedOut: 'The session has been signed out.',
  otherSessionsSignedOut: 'Every other session has been signed out.',
  sessionNotFound: 'This session does not exist or was already signed out.',
  reauthenticationRequired: 'Please enter your password again to continue.',
  reauthenticated: 'Thank you: you can go on.',
} as const;

/**
 * The rule every new password of an account follows (sign-up, reset and change alike): kept in
 * this one place so that a stronger policy replaces it everywhere at once.
 */
export const accountNewPasswordField = newPasswordField;

const currentPasswordField = text('Password', { error: accountMessages.currentPasswordRequired })
  .min(1, accountMessages.currentPasswordRequired)
  .max(MAX_PASSWORD_LENGTH, accountMessages.currentPasswordWrong);

/** PATCH /api/user/account/name */
export const changeNameBodySchema = z.object({ name: nameField });
export type ChangeNameBody = z.infer<typeof changeNameBodySchema>;

/** POST /api/user/account/email: the new address, confirmed by a link sent to it. */
export const changeEmailBodySchema = z.object({
  email: emailField(),
  password: currentPasswordField,
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** POST /api/user/account/email/confirm: the token of the link sent to the new address. */
export const confirmEmailBodySchema = z.object({
  token: text('Token', { error: accountMessages.invalidEmailChangeLink })
    .min(1, accountMessages.invalidEmailChangeLink)
    .max(200, accountMessages.invalidEmailChangeLink),
});
export type ConfirmEmailBody = z.infer<typeof confirmEmailBodySchema>;

/** PUT /api/user/account/password */
export const changePasswordBodySchema = z.object({
  currentPassword: currentPasswordField,
  newPassword: accountNewPasswordField,
  /** Keep every app key working; otherwise they are all revoked with the change. */
  keepAppKeys: z.boolean().optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /api/user/account/reauthenticate: the password, proved again in this session. */
export const reauthenticateBodySchema = z.object({ password: currentPasswordField });
export type ReauthenticateBody = z.infer<typeof reauthenticateBodySchema>;

export const accountSessionParamsSchema = z.object({
  id: text('Session').min(1).max(100),
});

/** A signed-in session as its owner's list shows it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** Browser and system, e.g. "Firefox on Linux". */
  device: z.string(),
  /** The address it was signed in from, shortened (an IPv6 network by its /64). */
  place: z.string(),
  /** The session this list was asked from. */
  current: z.boolean(),
  /** ISO-8601 UTC. */
  signedInAt: z.string(),
  lastSeenAt: z.string(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** What ends other sessions answers: the caller's session goes on with this token. */
export const renewedSessionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: userSchema,
});
export type RenewedSessionResponse = z.infer<typeof renewedSessionResponseSchema>;

// Web-only form shapes.
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string(), keepAppKeys: z.boolean() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
