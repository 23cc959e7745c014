import { describe, expect, it } from 'vitest';
import { searchGroups } from './search-groups';

describe('searchGroups', () => {
  it('reads the genre group only for words a genre may hold', () => {
    expect(searchGroups(['luca', 'nigh'], 'word starts')).toEqual([
      'title',
      'artist',
      'album',
      'any',
    ]);
    expect(searchGroups(['midnight'], 'word starts')).toEqual(['title', 'artist', 'album']);
    expect(searchGroups(['hip', 'ho'], 'word starts')).toEqual([
      'title',
      'artist',
      'album',
      'genre',
      'any',
    ]);
    expect(searchGroups(['electro'], 'word starts')).toContain('genre');
    expect(searchGroups(['j'], 'word starts')).toContain('genre');
  });

  it('matches substrings of a genre, or starts of its words', () => {
    expect(searchGroups(['lass'], 'substrings')).toContain('genre');
    expect(searchGroups(['lass'], 'word starts')).not.toContain('genre');
    expect(searchGroups(['iphop'], 'substrings')).not.toContain('genre');
  });

  it('keeps the genre group for words the indexes fold', () => {
    expect(searchGroups(['róck'], 'word starts')).toContain('genre');
    expect(searchGroups(['ロック'], 'substrings')).toContain('genre');
  });
});
