import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: the link cannot be guessed; only its hash is stored. */
export const INVITATION_TOKEN_BYTES = 32;

export function newInvitationToken(): string {
  return randomBytes(INVITATION_TOKEN_BYTES).toString('base64url');
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
