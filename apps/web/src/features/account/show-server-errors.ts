import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api-client';

/**
 * Puts the server's answer to a settings form on the form: each error about one of `fields`
 * under that field, or, when none is about them, `fallback` (or the server's message) above it.
 */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  fields: readonly Path<T>[],
  error: unknown,
  fallback: string,
) {
  const fieldErrors = error instanceof ApiError ? error.errors : [];
  let shown = false;
  for (const field of fields) {
    const found = fieldErrors.find((e) => e.field === field);
    if (found) {
      form.setError(field, { message: found.message });
      shown = true;
    }
  }
  if (!shown) form.setError('root', { message: errorMessage(error, fallback) });
}
