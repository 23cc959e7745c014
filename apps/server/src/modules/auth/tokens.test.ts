import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { jwtVerify, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from './tokens';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-signing';
const signer = new TokenSigner(SECRET);
const now = () => Math.floor(Date.now() / 1000);

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with any header and claims, signed with HMAC-SHA256 (or `hash`) and `secret`. */
function forge(
  header: unknown,
  claims: unknown,
  { secret = SECRET, hash = 'sha256' }: { secret?: string; hash?: string } = {},
): string {
  const input = `${part(header)}.${part(claims)}`;
  return `${input}.${createHmac(hash, secret).update(input).digest('base64url')}`;
}

const claims = (extra: Record<string, unknown> = {}) => ({
  tv: 2,
  sub: 'user-1',
  jti: 'session-1',
  iat: now(),
  exp: now() + 3600,
  ...extra,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenSigner', () => {
  it('checks the times of a token it verified before on every use', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = signer.sign('user-8', 1, 60);
    const early = forge({ alg: 'HS256' }, claims({ nbf: now() + 30 }));
    expect(signer.verify(token)).not.toBeNull();
    expect(signer.verify(early)).toBeNull();

    vi.setSystemTime(Date.now() + 31_000);
    expect(signer.verify(token)).not.toBeNull();
    expect(signer.verify(early)).not.toBeNull();

    vi.setSystemTime(Date.now() + 30_000);
    expect(signer.verify(token)).toBeNull();
    expect(signer.verify(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
  });

  it('reads back what it signs', () => {
    const token = signer.sign('user-7', 3, 60);
    const read = signer.verify(token);
    expect(read).toMatchObject({ userId: 'user-7', tokenVersion: 3 });
    expect(read?.tokenId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs((read?.expiresAt.getTime() ?? 0) - (Date.now() + 60_000))).toBeLessThan(2000);
  });

  it('accepts the tokens signed before with jose, and writes tokens jose accepts', async () => {
    const key = new TextEncoder().encode(SECRET);
    const before = await new SignJWT({ tv: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setJti('session-9')
      .setIssuedAt()
      .setExpirationTime(now() + 60)
      .sign(key);
    expect(signer.verify(before)).toMatchObject({
      userId: 'user-1',
      tokenVersion: 1,
      tokenId: 'session-9',
    });

    const { payload, protectedHeader } = await jwtVerify(signer.sign('user-2', 4, 60), key, {
      algorithms: ['HS256'],
    });
    expect(protectedHeader).toEqual({ alg: 'HS256' });
    expect(payload).toMatchObject({ sub: 'user-2', tv: 4 });
  });

  it('accepts a typ header and the claims of a valid token', () => {
    expect(signer.verify(forge({ alg: 'HS256', typ: 'JWT' }, claims()))).not.toBeNull();
    expect(signer.verify(forge({ alg: 'HS256' }, claims({ nbf: now() - 5 })))).not.toBeNull();
  });

  it.each([
    ['alg none, unsigned', `${part({ alg: 'none' })}.${part(claims())}.`],
    ['alg none, signed', forge({ alg: 'none' }, claims())],
    ['no alg', forge({ typ: 'JWT' }, claims())],
    ['alg hs256 in lower case', forge({ alg: 'hs256' }, claims())],
    ['alg HS512 with the right key', forge({ alg: 'HS512' }, claims(), { hash: 'sha512' })],
    ['alg HS384 claimed, HS256 signature', forge({ alg: 'HS384' }, claims())],
    ['alg RS256 claimed', forge({ alg: 'RS256' }, claims())],
    ['an extension the server does not know', forge({ alg: 'HS256', crit: ['exp'] }, claims())],
    ['an unencoded payload', forge({ alg: 'HS256', b64: false, crit: ['b64'] }, claims())],
    ['another key', forge({ alg: 'HS256' }, claims(), { secret: `${SECRET}!` })],
    ['an empty key', forge({ alg: 'HS256' }, claims(), { secret: '' })],
    ['expired', forge({ alg: 'HS256' }, claims({ exp: now() - 1 }))],
    ['expiring this second', forge({ alg: 'HS256' }, claims({ exp: now() }))],
    ['no expiry', forge({ alg: 'HS256' }, claims({ exp: undefined }))],
    ['an expiry as text', forge({ alg: 'HS256' }, claims({ exp: String(now() + 60) }))],
    ['not valid before a later time', forge({ alg: 'HS256' }, claims({ nbf: now() + 60 }))],
    ['nbf as text', forge({ alg: 'HS256' }, claims({ nbf: '0' }))],
    ['iat as text', forge({ alg: 'HS256' }, claims({ iat: 'now' }))],
    ['no subject', forge({ alg: 'HS256' }, claims({ sub: undefined }))],
    ['an empty subject', forge({ alg: 'HS256' }, claims({ sub: '' }))],
    ['a numeric subject', forge({ alg: 'HS256' }, claims({ sub: 5 }))],
    ['no session id', forge({ alg: 'HS256' }, claims({ jti: undefined }))],
    ['no token version', forge({ alg: 'HS256' }, claims({ tv: undefined }))],
    ['a token version as text', forge({ alg: 'HS256' }, claims({ tv: '2' }))],
    ['a fractional token version', forge({ alg: 'HS256' }, claims({ tv: 1.5 }))],
    ['claims in an array', forge({ alg: 'HS256' }, [claims()])],
    ['a header in an array', forge([{ alg: 'HS256' }], claims())],
    ['two parts', signer.sign('u', 0, 60).split('.').slice(0, 2).join('.')],
    ['four parts', `${signer.sign('u', 0, 60)}.x`],
    ['padding', `${signer.sign('u', 0, 60)}=`],
    ['a + of standard base64', `${signer.sign('u', 0, 60).slice(0, -1)}+`],
    ['nothing', ''],
    ['not a JWT', 'not-a-jwt'],
  ])('refuses %s', (_name, token) => {
    expect(signer.verify(token)).toBeNull();
  });

  it('refuses a signature written with other trailing bits', () => {
    const token = signer.sign('user-1', 0, 60);
    const last = token.at(-1) ?? '';
    // The last of 43 characters carries 4 bits of the hash and 2 that must be zero.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const index = alphabet.indexOf(last);
    const sameBytes = alphabet[index + 1] ?? '';
    expect(Buffer.from(token.slice(-43, -1) + sameBytes, 'base64url')).toEqual(
      Buffer.from(token.slice(-43), 'base64url'),
    );
    expect(signer.verify(token.slice(0, -1) + sameBytes)).toBeNull();
  });

  it('refuses a token with any one character of its header or claims changed', () => {
    const token = signer.sign('user-1', 0, 3600);
    const signed = token.lastIndexOf('.');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: signed - 1 }),
        fc.constantFrom(...alphabet),
        (at, character) => {
          fc.pre(token[at] !== character);
          const tampered = token.slice(0, at) + character + token.slice(at + 1);
          expect(signer.verify(tampered)).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses claims re-signed with any other key, and never throws on any text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (secret) => {
        fc.pre(secret !== SECRET);
        expect(signer.verify(forge({ alg: 'HS256' }, claims(), { secret }))).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
        expect(signer.verify(`${a}.${b}.${c}`)).toBeNull();
      }),
    );
  });
});
