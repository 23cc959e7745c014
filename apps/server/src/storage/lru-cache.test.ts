import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('keeps at most its capacity, dropping the least recently used entry', () => {
    const evicted: string[] = [];
    const cache = new LruCache<string, number>(2, (_value, key) => evicted.push(key));
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([1, 3, 2]);
    expect(evicted).toEqual(['b']);
  });

  it('does not count peeking as a use, nor report deleted entries as evicted', () => {
    const evicted: string[] = [];
    const cache = new LruCache<string, number>(2, (_value, key) => evicted.push(key));
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.peek('a')).toBe(1);
    cache.set('c', 3);
    expect(evicted).toEqual(['a']);
    cache.delete('b');
    expect([cache.peek('b'), cache.size, evicted]).toEqual([undefined, 1, ['a']]);
  });
});
