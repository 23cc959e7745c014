import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const REMEMBERED_SESSION_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_SECONDS = 24 * 60 * 60;

export interface TokenClaims {
  readonly userId: string;
  readonly tokenVersion: number;
  readonly tokenId: string;
  readonly expiresAt: Date;
}

/** HS256 JWTs carrying `sub` (user), `tv` (token version) and `jti` (this session). */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: string, tokenVersion: number, lifetimeSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ tv: tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + lifetimeSeconds)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (!payload.sub || !payload.jti || typeof payload.tv !== 'number' || !payload.exp)
        return null;
      return {
        userId: payload.sub,
        tokenVersion: payload.tv,
        tokenId: payload.jti,
        expiresAt: new Date(payload.exp * 1000),
      };
    } catch {
      return null;
    }
  }
}
