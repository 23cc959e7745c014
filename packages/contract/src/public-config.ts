import { z } from 'zod';
import { registrationModeSchema, siteModeSchema } from './site-settings';

/** GET /api/general/config: what the web app may show, read from the server's configuration. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string().nullable(),
  supportAddress: z.string().nullable(),
  earlyAccessEnd: z.string(),
  seedUsersEnabled: z.boolean(),
  /** The fewest characters a new password may have (PASSWORD_MIN_LENGTH, 6 to 128). */
  passwordMinLength: z.number().int(),
  /** Ways to sign in besides a password: an OpenID provider's button, a reverse proxy's header. */
  signIn: z.object({
    oidc: z.object({ buttonText: z.string() }).nullable(),
    proxy: z.boolean(),
  }),
  /** Who may sign up now (the administrator's setting). */
  registration: registrationModeSchema,
  /** `private`: visitors see only the login page. */
  siteMode: siteModeSchema,
  /** The server has ffmpeg: streams can be made smaller (streaming quality) and other formats play. */
  transcoding: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
