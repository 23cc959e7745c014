import { z } from 'zod';
import { STREAMING_QUALITIES } from './streaming-quality';

/** Who may create an account: anyone, only holders of an invitation, or nobody. */
export const registrationModeSchema = z.enum(['open', 'invite', 'closed'], {
  error: 'Registration must be open, invite or closed',
});
export type RegistrationMode = z.infer<typeof registrationModeSchema>;

/** Whether visitors see the public pages, or only the login page. */
export const siteModeSchema = z.enum(['public', 'private']);
export type SiteMode = z.infer<typeof siteModeSchema>;

/**
 * The settings an administrator changes while the server runs (GET /api/admin/settings). A new
 * setting is one more field here, with its default in the server's site-settings definitions.
 */
export const siteSettingsSchema = z.object({
  registration: registrationModeSchema,
  /** Administrators must turn on two-factor sign-in before the admin area answers them. */
  adminSecondFactorRequired: z.boolean(),
  /** The richest stream anyone gets (downloads stay the file as it is). */
  streamingQualityLimit: z.enum(STREAMING_QUALITIES, {
    error: 'The streaming quality limit must be original, high, normal or dataSaver',
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** PATCH /api/admin/settings: what is sent changes, the rest stays. */
export const siteSettingsPatchSchema = siteSettingsSchema
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one setting to change');
export type SiteSettingsPatch = z.infer<typeof siteSettingsPatchSchema>;
