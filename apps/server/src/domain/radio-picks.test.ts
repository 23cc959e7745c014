import { describe, expect, it } from 'vitest';
import { eraFactor, pickSongs, type WeightedSong } from './radio-picks';

/** A repeatable stand-in for Math.random (a linear congruential generator). */
function seeded(start: number): () => number {
  let state = start;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const song = (songId: string, artistId: string | null, weight = 1): WeightedSong => ({
  songId,
  artistId,
  weight,
});

describe('picking a station’s songs', () => {
  it('draws each song at most once, and no more than there are', () => {
    const songs = ['a', 'b', 'c'].map((id) => song(id, null));
    const picked = pickSongs(songs, 10, seeded(1));
    expect([...picked].sort()).toEqual(['a', 'b', 'c']);
  });

  it('never draws a song of no weight', () => {
    const picked = pickSongs([song('kept', null, 1), song('never', null, 0)], 2, seeded(2));
    expect(picked).toEqual(['kept']);
  });

  it('draws heavier songs more often', () => {
    const random = seeded(3);
    let heavyFirst = 0;
    for (let round = 0; round < 400; round += 1) {
      const [first] = pickSongs([song('heavy', 'x', 9), song('light', 'y', 1)], 1, random);
      if (first === 'heavy') heavyFirst += 1;
    }
    expect(heavyFirst).toBeGreaterThan(300);
  });

  it('spreads one artist’s songs apart', () => {
    const random = seeded(4);
    let runs = 0;
    for (let round = 0; round < 200; round += 1) {
      const songs = [
        ...['a1', 'a2', 'a3', 'a4'].map((id) => song(id, 'a')),
        ...['b1', 'b2', 'b3', 'b4'].map((id) => song(id, 'b')),
      ];
      const [first, second] = pickSongs(songs, 2, random);
      if (first![0] === second![0]) runs += 1;
    }
    // Without damping, the second song would share the first's artist 3 times in 7.
    expect(runs / 200).toBeLessThan(0.3);
  });

  it('favours the seed’s era', () => {
    expect(eraFactor(2001, [1999, 2000, 2004])).toBe(1.5);
    expect(eraFactor(2010, [2000])).toBe(1.2);
    expect(eraFactor(1970, [2000])).toBe(1);
    expect(eraFactor(null, [2000])).toBe(1);
    expect(eraFactor(2000, [])).toBe(1);
  });
});
