import { sessionResponseSchema, type SessionResponse } from '@cadenza/contract/auth';

/** Login and register must answer a token and a user; anything else is a failure. */
export function parseSessionResponse(payload: unknown): SessionResponse {
  const parsed = sessionResponseSchema.safeParse(payload);
  if (!parsed.success) throw new Error('Unexpected session response');
  return parsed.data;
}
