import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { estimatedBytes, exactLength } from './exact-length';

const through = (chunks: string[], bytes: number) =>
  buffer(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(exactLength(bytes)));

describe('a transcode at an announced length', () => {
  it('drops what comes beyond the length, and fills what falls short with zeros', async () => {
    expect((await through(['abc', 'def', 'ghi'], 5)).toString()).toBe('abcde');
    const short = await through(['ab'], 70_000);
    expect(short.length).toBe(70_000);
    expect(short.subarray(0, 2).toString()).toBe('ab');
    expect(short.subarray(2).every((byte) => byte === 0)).toBe(true);
    expect((await through(['abc'], 3)).toString()).toBe('abc');
  });

  it('is estimated from the rate and the length', () => {
    expect(estimatedBytes(10, 128)).toBe(160_000);
    expect(estimatedBytes(0.5, 320)).toBe(20_000);
    expect(estimatedBytes(-3, 128)).toBe(0);
  });
});
