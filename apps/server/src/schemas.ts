import { errorResponseSchema } from '@cadenza/contract/envelope';

/** Response schemas for the failure statuses a route can answer. */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}
