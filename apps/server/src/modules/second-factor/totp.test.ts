import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchingStep, otpauthUri, stepAt, totpCode } from './totp';

// RFC 6238 appendix B, SHA-1: the key is the ASCII text "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
  ])('gives the RFC 6238 code at %i s (last six digits)', (seconds, eight) => {
    expect(totpCode(RFC_SECRET, stepAt(seconds * 1000))).toBe(eight.slice(2));
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });

  it('accepts one step either side, never a step already used', () => {
    const now = 1_700_000_000_000;
    const step = stepAt(now);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, 0)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, 0)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step - 2), now, 0)).toBeNull();
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step), now, step)).toBeNull();
    expect(matchingStep(RFC_SECRET, 'abcdef', now, 0)).toBeNull();
  });

  it('writes the otpauth URI apps read', () => {
    expect(otpauthUri('ABC', 'a@b.c', 'Cadenza')).toBe(
      'otpauth://totp/Cadenza:a%40b.c?secret=ABC&issuer=Cadenza&algorithm=SHA1&digits=6&period=30',
    );
  });
});
