import { describe, expect, it } from 'vitest';
import { ByteLruCache } from './byte-lru-cache';

const cacheOf = (maxBytes: number) => new ByteLruCache<string, string>(maxBytes, (v) => v.length);

describe('ByteLruCache', () => {
  it('forgets the least recently used entries until what it holds fits', () => {
    const cache = cacheOf(10);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
    expect(cache.bytes).toBe(8);
  });

  it('counts an entry again when it is set anew, and never keeps one larger than itself', () => {
    const cache = cacheOf(10);
    cache.set('a', 'aa');
    cache.set('a', 'aaaaaa');
    expect(cache.bytes).toBe(6);
    cache.set('big', 'x'.repeat(11));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaaaa');
    cache.delete('a');
    cache.set('b', 'b');
    cache.clear();
    expect(cache.bytes).toBe(0);
    expect(cache.get('b')).toBeUndefined();
  });
});
