import { z } from 'zod';
import { plainText } from './validation';

export const MAX_API_KEY_NAME_LENGTH = 100;
/** How many keys one account may hold: one per phone, tablet and desktop player, with room. */
export const MAX_API_KEYS_PER_USER = 50;

export const apiKeyMessages = {
  nameRequired: 'Name the key after the app or device that will use it',
  nameTooLong: `The key's name must be at most ${MAX_API_KEY_NAME_LENGTH} characters`,
  tooMany: `An account may hold at most ${MAX_API_KEYS_PER_USER} keys: revoke one you no longer use`,
} as const;

/** POST /api/user/api-keys: the app or device the key is for. */
export const createApiKeyBodySchema = z.object({
  name: plainText('Name', { error: apiKeyMessages.nameRequired })
    .trim()
    .min(1, apiKeyMessages.nameRequired)
    .max(MAX_API_KEY_NAME_LENGTH, apiKeyMessages.nameTooLong),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** A key as its list shows it: never the key itself. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO-8601 UTC. */
  createdAt: z.string(),
  /** ISO-8601 UTC; null until an app first signs in with it. */
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time the key itself is shown. */
export const createdApiKeySchema = apiKeySchema.omit({ lastUsedAt: true }).extend({
  key: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
