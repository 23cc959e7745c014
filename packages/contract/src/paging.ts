import { z } from 'zod';
import { MAX_PAGE_SIZE } from './limits';
import { text } from './validation';

export { MAX_PAGE_SIZE };

/**
 * `limit` and `cursor` of any list (docs/architecture.md §5). Without them a list answers its first page;
 * the cursor is opaque: pass back the `nextCursor` of the previous page.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `Limit must be a number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`Limit must be a number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `Limit must be a number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `Limit must be a number from 1 to ${MAX_PAGE_SIZE}`)
    .optional(),
  cursor: text('cursor').min(1).max(200, 'Invalid cursor').optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `{ success: true, data: [...], nextCursor? }`: `nextCursor` is present only when there is more. */
export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    nextCursor: z.string().optional(),
  });
}

/** The type of an answer built with `pageResponse`, for declarations that carry no schema. */
export interface PageResponse<T> {
  success: true;
  data: T[];
  nextCursor?: string | undefined;
}
