import { z } from 'zod';
import { registerBodySchema, roleSchema, userSchema } from './auth';
import { STREAMING_QUALITIES } from './streaming-quality';
import { emailField, messages, nameField, text } from './validation';

/** What an administrator sees of an account beyond its public face. */
export const adminUserSchema = userSchema.extend({
  disabled: z.boolean(),
  passwordChangeRequired: z.boolean(),
  /** The last use of the web app or an app key, to the minute; null if never. */
  lastActiveAt: z.string().nullable(),
  /** The richest stream an administrator lets the account have; `original` for no limit. */
  streamingQualityLimit: z.enum(STREAMING_QUALITIES),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * POST /api/admin/users: an account with a temporary password, which its owner must change at
 * first login. The password follows the rules of a sign-up password.
 */
export const createUserBodySchema = z.object({
  name: nameField,
  email: emailField(),
  role: roleSchema.default('user'),
  password: registerBodySchema.shape.password,
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const changeRoleBodySchema = z.object({ role: roleSchema });
export type ChangeRoleBody = z.infer<typeof changeRoleBodySchema>;

export const accountStatusBodySchema = z.object({
  disabled: z.boolean({ error: 'disabled must be true or false' }),
});
export type AccountStatusBody = z.infer<typeof accountStatusBodySchema>;

export const streamingLimitBodySchema = z.object({
  streamingQualityLimit: z.enum(STREAMING_QUALITIES, {
    error: 'The streaming quality limit must be original, high, normal or dataSaver',
  }),
});
export type StreamingLimitBody = z.infer<typeof streamingLimitBodySchema>;

/** PUT /api/auth/initial-password: the owner replaces the temporary password. */
export const initialPasswordBodySchema = z.object({
  password: registerBodySchema.shape.password,
});
export type InitialPasswordBody = z.infer<typeof initialPasswordBodySchema>;

export const INVITATION_DAYS_DEFAULT = 7;
export const INVITATION_DAYS_MAX = 30;

/** POST /api/admin/invitations. */
export const createInvitationBodySchema = z.object({
  /** The only address the invitation admits; the link is mailed there when `send` is true. */
  email: emailField().optional(),
  role: roleSchema.default('user'),
  expiresInDays: z
    .number({ error: 'expiresInDays must be a number of days' })
    .int('expiresInDays must be a whole number of days')
    .min(1, 'An invitation lasts at least 1 day')
    .max(INVITATION_DAYS_MAX, `An invitation lasts at most ${INVITATION_DAYS_MAX} days`)
    .default(INVITATION_DAYS_DEFAULT),
  send: z.boolean().default(false),
});
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;

/** A pending invitation as the administrator sees it: never its token. */
export const invitationSchema = z.object({
  _id: z.string(),
  email: z.string().nullable(),
  role: roleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** A new invitation with its link, shown this once. */
export const createdInvitationSchema = invitationSchema.extend({
  link: z.string(),
  sent: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const invitationTokenParamsSchema = z.object({
  token: text('token').min(1).max(200),
});

/** GET /api/auth/invitations/{token}: what the sign-up page shows of a valid invitation. */
export const invitationPreviewSchema = z.object({
  email: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const accountMessages = {
  registrationClosed: 'Sign-up is closed on this server. Ask its administrator for an invitation.',
  invitationRequired:
    'Sign-up on this server is by invitation only. Open the link from your invitation.',
  invalidInvitation: 'This invitation link is invalid, has expired or was already used.',
  invitationEmailMismatch: 'This invitation is for another email address.',
  invitationNotFound: 'Invitation not found.',
  accountDisabled: 'This account has been disabled. Please contact the administrator.',
  passwordChangeRequired: 'Please choose a new password to continue.',
  secondFactorRequired:
    'Turn on two-factor sign-in in your account settings to use the admin area.',
  lastAdmin: 'The last active administrator cannot be demoted or disabled.',
  userCreated: 'User created.',
  resetSent: 'A password reset link has been sent.',
  invitationRevoked: 'Invitation revoked.',
  emailRequired: messages.emailRequired,
} as const;
