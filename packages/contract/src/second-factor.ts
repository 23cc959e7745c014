import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, messages, text } from './validation';

export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code of the authenticator app, or a recovery code (`xxxxx-xxxxx`). */
export const secondFactorCodeField = text('Code', { error: 'Please enter the code' })
  .trim()
  .min(1, 'Please enter the code')
  .max(32, 'That code is too long');

/** GET /api/user/two-factor. */
export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The account must enrol before it may do anything else (a site may require it of admins). */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST /api/user/two-factor/setup: the secret, for the app to scan or type in. */
export const secondFactorSetupSchema = z.object({
  secret: z.string(),
  /** otpauth://totp/… for a QR code. */
  uri: z.string(),
});
export type SecondFactorSetup = z.infer<typeof secondFactorSetupSchema>;

export const secondFactorConfirmBodySchema = z.object({ code: secondFactorCodeField });
export type SecondFactorConfirmBody = z.infer<typeof secondFactorConfirmBodySchema>;

/** What confirming the enrolment answers: the recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const secondFactorDisableBodySchema = z.object({
  password: text('Password', { error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, messages.passwordRequired),
  code: secondFactorCodeField,
});
export type SecondFactorDisableBody = z.infer<typeof secondFactorDisableBodySchema>;

/** What login answers for an account with a second factor: no session yet, a challenge. */
export const secondFactorChallengeSchema = z.object({
  success: z.literal(true),
  secondFactorRequired: z.literal(true),
  /** Signed and short-lived: sent back with the code. */
  challenge: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** POST /api/auth/login/second-factor. */
export const secondFactorLoginBodySchema = z.object({
  challenge: text('challenge').min(1).max(2000),
  code: secondFactorCodeField,
});
export type SecondFactorLoginBody = z.infer<typeof secondFactorLoginBodySchema>;
