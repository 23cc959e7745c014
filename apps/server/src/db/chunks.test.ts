import { describe, expect, it } from 'vitest';
import { CHUNK, chunks } from './chunks';

describe('chunks', () => {
  it('slices the items in order, the last slice holding what is left', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('gives no slice for no items', () => {
    expect(chunks([], 2)).toEqual([]);
  });

  it("takes a statement's worth of rows by default", () => {
    const items = Array.from({ length: 2 * CHUNK + 1 }, (_, i) => i);
    expect(chunks(items).map((slice) => slice.length)).toEqual([CHUNK, CHUNK, 1]);
    expect(chunks(items).flat()).toEqual(items);
  });
});
