import { describe, expect, it } from 'vitest';
import { MAX_GENRE_LENGTH, MAX_SONG_GENRES } from '@cadenza/contract/tag-genres';
import { genreKey, genresOfFiledGenre, tagGenres } from './tag-genres';

describe('tagGenres', () => {
  it.each([
    ['Jazz; Fusion', ['Jazz', 'Fusion']],
    ['Rock/Pop', ['Rock', 'Pop']],
    ['Folk, Indie', ['Folk', 'Indie']],
    ['A | B', ['A', 'B']],
    ['Ambient\u0000Drone', ['Ambient', 'Drone']],
  ])('splits %j on its separators', (value, expected) => {
    expect(tagGenres([value])).toEqual(expected);
  });

  it('keeps a hyphenated genre whole', () => {
    expect(tagGenres(['Singer-Songwriter'])).toEqual(['Singer-Songwriter']);
    expect(tagGenres(['Hip-Hop'])).toEqual(['Hip-Hop']);
  });

  it('takes every value in order, trimmed, with inner spaces collapsed', () => {
    expect(tagGenres(['  Post   Rock ', 'Shoegaze;', ';;Dream Pop'])).toEqual([
      'Post Rock',
      'Shoegaze',
      'Dream Pop',
    ]);
  });

  it('keeps the first writing of genres that differ only in case and spacing', () => {
    expect(tagGenres(['j-pop', 'J-Pop; J-POP ', 'Dance'])).toEqual(['j-pop', 'Dance']);
  });

  it('leaves out empty names and names too long to be a genre', () => {
    const long = 'x'.repeat(MAX_GENRE_LENGTH + 1);
    const longest = 'y'.repeat(MAX_GENRE_LENGTH);
    expect(tagGenres(['', ' ; ', long, longest])).toEqual([longest]);
  });

  it(`keeps at most ${MAX_SONG_GENRES} genres`, () => {
    const many = Array.from({ length: MAX_SONG_GENRES + 5 }, (_, n) => `Genre ${n}`);
    const kept = tagGenres([many.join('; ')]);
    expect(kept).toHaveLength(MAX_SONG_GENRES);
    expect(kept[0]).toBe('Genre 0');
    expect(kept.at(-1)).toBe(`Genre ${MAX_SONG_GENRES - 1}`);
  });

  it('answers none for no values', () => {
    expect(tagGenres([])).toEqual([]);
  });
});

describe('genreKey', () => {
  it('folds case, width and spacing', () => {
    expect(genreKey('J-POP ')).toBe(genreKey('j-pop'));
    expect(genreKey('Ｊ－Ｐｏｐ')).toBe(genreKey('j-pop'));
    expect(genreKey('Post  Rock')).toBe(genreKey('post rock'));
    expect(genreKey('Jazz')).not.toBe(genreKey('Jazz Fusion'));
  });
});

describe('genresOfFiledGenre', () => {
  it('names the filed genre as the screens show it, and "other" as none', () => {
    expect(genresOfFiledGenre('rock')).toEqual(['Rock']);
    expect(genresOfFiledGenre('hip-hop')).toEqual(['Hip-hop']);
    expect(genresOfFiledGenre('other')).toEqual([]);
  });
});
