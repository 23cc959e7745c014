import { describe, expect, it } from 'vitest';
import { formatReleaseDate } from './release-date';

describe('formatReleaseDate', () => {
  it('says as much of the date as the tag gives', () => {
    expect(formatReleaseDate('2004-03-02')).toBe('2 March 2004');
    expect(formatReleaseDate('2004-03')).toBe('March 2004');
    expect(formatReleaseDate('2004')).toBe('2004');
    expect(formatReleaseDate('1999-12-31')).toBe('31 December 1999');
  });

  it('keeps the year of a date whose month is no month, and other text as it is', () => {
    expect(formatReleaseDate('2004-13')).toBe('2004');
    expect(formatReleaseDate('spring 2004')).toBe('spring 2004');
  });
});
