import { z } from 'zod';

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
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
