import { z } from 'zod';
import { errorCodeSchema, fieldErrorCodeSchema } from './error-codes';
import { idField } from './validation';

/** One field-level problem in a failed request. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  code: fieldErrorCodeSchema,
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every failure the API answers has this shape (docs/architecture.md §5). */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  code: errorCodeSchema,
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** `{ success: true, data }` around a payload schema. */
export function successResponse<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** A success answer that carries nothing but the flag and a human-readable message. */
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const idParamsSchema = z.object({ id: idField('id must be a UUID') });

/** The type of an answer built with `successResponse`, for declarations that carry no schema. */
export interface SuccessResponse<T> {
  success: true;
  data: T;
}
