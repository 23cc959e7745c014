import { describe, expect, it } from 'vitest';
import { daysRemaining } from './days-remaining';

describe('daysRemaining', () => {
  it('counts whole days until the end date, rounding a part day up', () => {
    expect(daysRemaining('2025-07-30', new Date('2025-07-20T00:00:00Z'))).toBe(10);
    expect(daysRemaining('2025-07-30', new Date('2025-07-20T12:00:00Z'))).toBe(10);
    expect(daysRemaining('2025-07-30', new Date('2025-07-29T23:00:00Z'))).toBe(1);
    expect(daysRemaining('2025-07-30', new Date('2024-07-30T00:00:00Z'))).toBe(365);
  });

  it('is 0 on the end date and never below 0 after it', () => {
    expect(daysRemaining('2025-07-30', new Date('2025-07-30T00:00:00Z'))).toBe(0);
    expect(daysRemaining('2025-07-30', new Date('2025-08-15T09:00:00Z'))).toBe(0);
    expect(daysRemaining('2025-07-30', new Date('2030-01-01T00:00:00Z'))).toBe(0);
  });

  it('reads a date with a time part by its day, and an unreadable one as 0', () => {
    expect(daysRemaining('2025-07-30T18:00:00Z', new Date('2025-07-28T00:00:00Z'))).toBe(2);
    expect(daysRemaining('not a date', new Date('2025-07-28T00:00:00Z'))).toBe(0);
  });
});
