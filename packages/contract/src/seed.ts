import { z } from 'zod';
import { text } from './validation';

export const MIN_SEED_USERS = 1;
export const MAX_SEED_USERS = 100;
export const DEFAULT_SEED_USERS = 10;

/**
 * docs/product.md §5: clamped to 1..100, 10 when absent, 1 when not a number. Used by the dialog and the
 * server alike.
 */
export function clampSeedCount(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_SEED_USERS;
  // Any input is read as text, as a query string would be (an object reads as NaN).
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  const number = typeof value === 'number' ? value : Number(String(value).trim() || Number.NaN);
  if (!Number.isFinite(number)) return MIN_SEED_USERS;
  return Math.min(MAX_SEED_USERS, Math.max(MIN_SEED_USERS, Math.trunc(number)));
}

/** POST /api/general/seed/users. `count` may be a number or text; an absent body means 10. */
export const seedUsersBodySchema = z
  .object({
    count: z
      .union([z.number(), text('Count').max(50)], { error: 'Count must be a number' })
      .nullish()
      .transform(clampSeedCount),
  })
  .nullish()
  .transform((body) => body ?? { count: DEFAULT_SEED_USERS });
export type SeedUsersBody = z.input<typeof seedUsersBodySchema>;

export const seededUserSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type SeededUser = z.infer<typeof seededUserSchema>;

export const seedUsersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ count: z.number().int(), users: z.array(seededUserSchema) }),
});
export type SeedUsersResponse = z.infer<typeof seedUsersResponseSchema>;
