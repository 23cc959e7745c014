import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it.each([
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=10-', { start: 10, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['BYTES=1-2', { start: 1, end: 2 }],
  ])('reads %s of 1000 bytes', (header, range) => {
    expect(parseRange(header, 1000)).toEqual({ kind: 'partial', range });
  });

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=-0'])(
    'finds %s unsatisfiable for 1000 bytes',
    (header) => {
      expect(parseRange(header, 1000)).toEqual({ kind: 'unsatisfiable' });
    },
  );

  it('finds every range of an empty file unsatisfiable', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'bytes=5-1',
    'bytes=a-b',
    'bytes=0-1,3-4',
    'items=0-1',
    'bytes=99999999999999999999-',
  ])('ignores %s and answers the whole body', (header) => {
    expect(parseRange(header, 1000)).toEqual({ kind: 'whole' });
  });
});
