import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { LruCache } from '../../storage/lru-cache';

export const REMEMBERED_SESSION_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_SECONDS = 24 * 60 * 60;

export interface TokenClaims {
  readonly userId: string;
  readonly tokenVersion: number;
  readonly tokenId: string;
  readonly expiresAt: Date;
}

/** A token just signed, with the session it names. */
export interface IssuedToken {
  readonly token: string;
  readonly tokenId: string;
  readonly expiresAt: Date;
}

/** `{"alg":"HS256"}`, the only header this server writes. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
/** An HMAC-SHA256 in base64url without padding. */
const SIGNATURE_LENGTH = 43;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

type JsonObject = Record<string, unknown>;

/** Tokens whose signature was checked, remembered with their payload (the same text verifies alike). */
const VERIFIED_TOKENS = 10_000;

/** A base64url part's JSON object, or null for anything else (array, text, bad encoding). */
function jsonObjectOf(part: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as JsonObject)
      : null;
  } catch {
    return null;
  }
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * HS256 JWTs carrying `sub` (user), `tv` (token version) and `jti` (this session), signed and
 * checked with node:crypto's HMAC in a few microseconds (jose's WebCrypto path costs a
 * quarter of a millisecond per request). Tokens written by jose and by this class are alike.
 */
export class TokenSigner {
  private readonly key: Buffer;
  /** The payloads of tokens already checked: their times are checked again on every use. */
  private readonly verified = new LruCache<string, JsonObject>(VERIFIED_TOKENS);

  constructor(secret: string) {
    this.key = Buffer.from(secret, 'utf8');
  }

  sign(userId: string, tokenVersion: number, lifetimeSeconds: number): string {
    return this.issue(userId, tokenVersion, lifetimeSeconds).token;
  }

  /** A new session's token with its id and expiry. */
  issue(userId: string, tokenVersion: number, lifetimeSeconds: number): IssuedToken {
    const now = Math.floor(Date.now() / 1000);
    return this.write(userId, tokenVersion, randomUUID(), now + lifetimeSeconds);
  }

  /**
   * The same session (id and expiry) under a new token version: after the account's other
   * sessions were ended by bumping the version, the session that asked for it goes on.
   */
  reissue(session: Omit<TokenClaims, 'tokenVersion'>, tokenVersion: number): IssuedToken {
    const exp = Math.floor(session.expiresAt.getTime() / 1000);
    return this.write(session.userId, tokenVersion, session.tokenId, exp);
  }

  private write(userId: string, tokenVersion: number, tokenId: string, exp: number): IssuedToken {
    const claims = {
      tv: tokenVersion,
      sub: userId,
      jti: tokenId,
      iat: Math.floor(Date.now() / 1000),
      exp,
    };
    const input = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return {
      token: `${input}.${this.mac(input).toString('base64url')}`,
      tokenId,
      expiresAt: new Date(exp * 1000),
    };
  }

  /**
   * The claims of a valid, unexpired token, or null. As strict as jose's `jwtVerify` with
   * `algorithms: ['HS256']`: three base64url parts, a header whose `alg` is HS256 and that asks
   * for no extension (`crit`), the right signature, and `exp`, `nbf` and `iat` numbers when
   * present, with `exp` in the future and `nbf` not.
   */
  verify(token: string): TokenClaims | null {
    const known = this.verified.get(token);
    if (known) return this.claimsOf(known);
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    if (!BASE64URL.test(headerPart) || !BASE64URL.test(payloadPart)) return null;
    if (!BASE64URL.test(signaturePart)) return null;
    const header = jsonObjectOf(headerPart);
    if (!header || header.alg !== 'HS256' || header.crit !== undefined) return null;
    if (header.b64 !== undefined && header.b64 !== true) return null;
    // Compared as text: a signature written another way (other trailing bits) is refused too.
    if (signaturePart.length !== SIGNATURE_LENGTH) return null;
    const expected = this.mac(`${headerPart}.${payloadPart}`).toString('base64url');
    if (!timingSafeEqual(Buffer.from(signaturePart), Buffer.from(expected))) return null;
    const payload = jsonObjectOf(payloadPart);
    if (!payload) return null;
    this.verified.set(token, payload);
    return this.claimsOf(payload);
  }

  private claimsOf(payload: JsonObject): TokenClaims | null {
    const { sub, jti, tv, exp, nbf, iat } = payload;
    const now = Math.floor(Date.now() / 1000);
    if (!isNumber(exp) || exp <= now) return null;
    if (nbf !== undefined && (!isNumber(nbf) || nbf > now)) return null;
    if (iat !== undefined && !isNumber(iat)) return null;
    if (!isText(sub) || !isText(jti) || !Number.isSafeInteger(tv)) return null;
    return {
      userId: sub,
      tokenVersion: tv as number,
      tokenId: jti,
      expiresAt: new Date(exp * 1000),
    };
  }

  private mac(input: string): Buffer {
    return createHmac('sha256', this.key).update(input).digest();
  }
}
