import type { z } from 'zod';
import type { FieldError } from '@cadenza/contract/envelope';
import { Invalid } from './errors';

/**
 * Validates input that did not go through a route schema (e.g. multipart form fields), answering
 * the same 400 shape as the route validation: the first message, and one entry per field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    code: issue.code,
    message: issue.message,
  }));
  throw new Invalid(errors[0]?.message ?? 'Invalid request.', errors);
}
