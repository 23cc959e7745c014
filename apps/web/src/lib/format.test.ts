import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('formatDuration', () => {
  it.each([
    [185, '03:05'],
    [36.9, '00:36'],
    [0, '00:00'],
    [-4, '00:00'],
    [Number.NaN, '00:00'],
    [6000, '100:00'],
  ])('shows %s seconds as %s (mm:ss)', (seconds, shown) => {
    expect(formatDuration(seconds)).toBe(shown);
  });
});
