import { describe, expect, it } from 'vitest';
import { lrcOfTimedLines, readLyricsText, withOffset } from './lyrics-text';

describe('readLyricsText', () => {
  it('reads LRC lines in time order, a line with two times twice, without LRC’s own tags', () => {
    const read = readLyricsText('[ti:Song]\n[00:05.00][00:01.2]Chorus\n[00:03.456]Verse\r\n');
    expect(read).toEqual({
      synced: true,
      offsetMs: 0,
      lines: [
        { start: 1200, value: 'Chorus' },
        { start: 3456, value: 'Verse' },
        { start: 5000, value: 'Chorus' },
      ],
    });
  });

  it('keeps the offset and applies it on the way to a player, never before zero', () => {
    const read = readLyricsText('[offset:-250]\n[00:00.10]Early\n[00:02.00]Later');
    expect(read.offsetMs).toBe(-250);
    expect(withOffset(read).map((line) => line.start)).toEqual([350, 2250]);
    expect(withOffset(readLyricsText('[offset:500]\n[00:00.10]x')).map((l) => l.start)).toEqual([
      0,
    ]);
  });

  it('reads enhanced LRC words with their times', () => {
    const [line] = readLyricsText('[00:01.00]<00:01.00>One <00:01.50>two').lines;
    expect(line).toEqual({
      start: 1000,
      value: 'One two',
      words: [
        { start: 1000, value: 'One ' },
        { start: 1500, value: 'two' },
      ],
    });
  });

  it('reads text with a malformed time as plain lines, as written', () => {
    for (const text of ['[00:01.00]Fine\n[00:75.00]Bad', '[00:01.00]Fine\n[1:2x]Bad']) {
      const read = readLyricsText(text);
      expect(read.synced).toBe(false);
      expect(read.lines.map((line) => line.value)).toEqual(text.split('\n'));
    }
  });

  it('reads plain text as lines, blank ones kept inside, not around', () => {
    expect(readLyricsText('\nOne\n\nTwo\n\n').lines).toEqual([
      { start: null, value: 'One' },
      { start: null, value: '' },
      { start: null, value: 'Two' },
    ]);
  });

  it('keeps brackets that are not times: section names, HTML', () => {
    const read = readLyricsText('[Chorus]\n<b>loud</b>');
    expect(read.lines.map((line) => line.value)).toEqual(['[Chorus]', '<b>loud</b>']);
  });
});

describe('lrcOfTimedLines', () => {
  it('writes timed lines as LRC that reads back the same', () => {
    const lrc = lrcOfTimedLines([
      { start: 61_230, value: 'A' },
      { start: 0, value: 'B\nC' },
    ]);
    expect(lrc).toBe('[01:01.23]A\n[00:00.00]B C');
    expect(readLyricsText(lrc).lines.map((line) => line.start)).toEqual([0, 61_230]);
  });
});
