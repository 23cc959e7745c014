import { describe, expect, it } from 'vitest';
import { currentLineIndex, sungWordCount, wordsSpellLine } from './lyrics-timing';

const lines = [
  { start: 1000, value: 'One' },
  { start: 5000, value: 'Two' },
  { start: 9000, value: 'Three' },
];

describe('lyrics timing', () => {
  it('finds the last line started, none before the first', () => {
    expect(currentLineIndex(lines, 0)).toBe(-1);
    expect(currentLineIndex(lines, 999)).toBe(-1);
    expect(currentLineIndex(lines, 1000)).toBe(0);
    expect(currentLineIndex(lines, 8999)).toBe(1);
    expect(currentLineIndex(lines, 60_000)).toBe(2);
    expect(currentLineIndex([], 5000)).toBe(-1);
  });

  it('counts the words sung so far', () => {
    const words = [
      { start: 1000, value: 'Hello ' },
      { start: 1500, value: 'world' },
    ];
    expect(sungWordCount(words, 900)).toBe(0);
    expect(sungWordCount(words, 1200)).toBe(1);
    expect(sungWordCount(words, 1500)).toBe(2);
  });

  it('shows timed words only when they spell the whole line', () => {
    const words = [
      { start: 1000, value: 'Hello ' },
      { start: 1500, value: 'world' },
    ];
    expect(wordsSpellLine({ start: 1000, value: 'Hello world', words })).toBe(true);
    expect(wordsSpellLine({ start: 1000, value: 'Oh, hello world', words })).toBe(false);
    expect(wordsSpellLine({ start: 1000, value: 'Hello world' })).toBe(false);
  });
});
