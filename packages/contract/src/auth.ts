import { z } from 'zod';
import {
  emailField,
  MAX_PASSWORD_LENGTH,
  messages,
  nameField,
  MIN_PASSWORD_LENGTH,
  newPasswordFieldFor,
  text,
} from './validation';

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** The public face of an account: never a password hash. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  profileImage: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  email: emailField(),
  password: text('Password', { error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, messages.passwordRequired),
  remember: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Sign-up under a minimum password length (PASSWORD_MIN_LENGTH); see newPasswordFieldFor. */
export function registerBodySchemaFor(passwordMinLength: number) {
  return z.object({
    name: nameField,
    email: emailField(),
    password: newPasswordFieldFor(passwordMinLength),
    /** The token of an invitation link; required while sign-up is by invitation only. */
    invitation: text('invitation').min(1).max(200).optional(),
  });
}
export const registerBodySchema = registerBodySchemaFor(MIN_PASSWORD_LENGTH);
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const forgotPasswordBodySchema = z.object({
  email: emailField(messages.forgotEmailRequired),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordParamsSchema = z.object({
  resetToken: text('resetToken').min(1).max(200),
});
export function resetPasswordBodySchemaFor(passwordMinLength: number) {
  return z.object({ password: newPasswordFieldFor(passwordMinLength) });
}
export const resetPasswordBodySchema = resetPasswordBodySchemaFor(MIN_PASSWORD_LENGTH);
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** What login, register and a successful reset answer: the client logs in with it. */
export const sessionResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  user: userSchema,
  /** Present (true) while the password is a temporary one: nothing else works until it changes. */
  passwordChangeRequired: z.literal(true).optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

// Web-only form shapes: the same rules plus the fields only the browser sees.
export const loginFormSchema = loginBodySchema.extend({ remember: z.boolean() });
export type LoginForm = z.infer<typeof loginFormSchema>;

/** The sign-up form under the server's minimum password length (GET /api/general/config). */
export function signupFormSchemaFor(passwordMinLength: number) {
  return registerBodySchemaFor(passwordMinLength)
    .extend({
      confirmPassword: z.string(),
      agreeTerms: z.boolean().refine((agreed) => agreed, messages.termsRequired),
    })
    .refine((form) => form.password === form.confirmPassword, {
      message: messages.passwordsDoNotMatch,
      path: ['confirmPassword'],
    });
}
export const signupFormSchema = signupFormSchemaFor(MIN_PASSWORD_LENGTH);
export type SignupForm = z.infer<typeof signupFormSchema>;

/**
 * What the sign-up form keeps of its fields while the visitor reads the terms or the privacy
 * policy: never a password. Half-typed values are kept as they are.
 */
export const signupDraftSchema = z.object({
  name: z.string(),
  email: z.string(),
  agreeTerms: z.boolean(),
});
export type SignupDraft = z.infer<typeof signupDraftSchema>;

/** The reset form under the server's minimum password length (GET /api/general/config). */
export function resetPasswordFormSchemaFor(passwordMinLength: number) {
  return resetPasswordBodySchemaFor(passwordMinLength)
    .extend({ confirmPassword: z.string() })
    .refine((form) => form.password === form.confirmPassword, {
      message: messages.passwordsDoNotMatch,
      path: ['confirmPassword'],
    });
}
export const resetPasswordFormSchema = resetPasswordFormSchemaFor(MIN_PASSWORD_LENGTH);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
