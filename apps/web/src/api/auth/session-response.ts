import type { SessionResponse } from '@cadenza/contract/auth';

/**
 * Login and register must answer a token and a user; anything else is a failure. The schema
 * (and zod) load with the first answer: the log-in and sign-up screens paint without them.
 */
export async function parseSessionResponse(payload: unknown): Promise<SessionResponse> {
  const { sessionResponseSchema } = await import('@cadenza/contract/auth');
  const parsed = sessionResponseSchema.safeParse(payload);
  if (!parsed.success) throw new Error('Unexpected session response');
  return parsed.data;
}
